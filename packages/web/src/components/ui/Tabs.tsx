import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';

/**
 * WAI-ARIA tabs with one panel: arrow keys, Home and End move between tabs (and select them), the
 * panel is labelled by its tab and reachable with Tab.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
  children,
  className,
  wrap = false,
}: {
  label: string;
  tabs: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  children: ReactNode;
  className?: string;
  /** Many tabs: in rows of three on narrow screens instead of one row that scrolls. */
  wrap?: boolean;
}) {
  const id = useId();
  const tabId = (tab: T): string => `${id}-tab-${tab}`;
  const onKeyDown = (event: KeyboardEvent): void => {
    const index = tabs.findIndex((tab) => tab.value === value);
    const target =
      event.key === 'ArrowRight'
        ? index + 1
        : event.key === 'ArrowLeft'
          ? index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    if (target === null) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length];
    if (!next) return;
    onChange(next.value);
    document.getElementById(tabId(next.value))?.focus();
  };
  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className={cx(
          'gap-1 rounded-2xl bg-slate-100 p-1 dark:bg-slate-800',
          wrap ? 'grid grid-cols-3 sm:flex' : 'flex overflow-x-auto',
        )}
      >
        {tabs.map((tab) => {
          const isSelected = tab.value === value;
          return (
            <button
              key={tab.value}
              id={tabId(tab.value)}
              type="button"
              role="tab"
              aria-selected={isSelected}
              aria-controls={`${id}-panel`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => {
                onChange(tab.value);
              }}
              className={cx(
                'min-h-10 flex-1 whitespace-nowrap rounded-xl px-1.5 text-sm font-semibold transition sm:px-3',
                isSelected
                  ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                  : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={tabId(value)}
        tabIndex={0}
        className="mt-4 rounded-2xl focus-visible:outline-offset-4"
      >
        {children}
      </div>
    </div>
  );
}

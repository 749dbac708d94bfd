import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { cx } from './cx';

/**
 * WAI-ARIA tabs with one panel, on Radix Tabs: arrow keys, Home and End move between the tabs and
 * select them, the panel is labelled by its tab and reachable with Tab.
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
  /**
   * Many tabs: in rows of three on phones and of four from small tablets up, instead of one row
   * that scrolls; the tabs of a last row that is not full share its width, so eight read 3, 3 and
   * 2 on a phone and 4 and 4 wider. (One row from md up held seven; the eighth pushed the row past
   * the Settings dialog's width, which then scrolled sideways.)
   */
  wrap?: boolean;
}) {
  return (
    <RadixTabs.Root
      value={value}
      onValueChange={(next) => {
        const tab = tabs.find((candidate) => candidate.value === next);
        if (tab) onChange(tab.value);
      }}
      className={className}
    >
      <RadixTabs.List
        aria-label={label}
        loop
        className={cx(
          'gap-1 rounded-2xl bg-slate-100 p-1 dark:bg-slate-800',
          wrap ? 'flex flex-wrap' : 'flex overflow-x-auto',
        )}
      >
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab.value}
            value={tab.value}
            // Radix focuses a pressed tab from script, which Chromium rings like keyboard focus
            // once any key was pressed before (Escape closing a dialog, say). Pressed, it is
            // focused here without the ring, as a click focuses a button; keys still ring it.
            onMouseDown={(event) => {
              if (event.button !== 0 || event.ctrlKey) return;
              event.preventDefault();
              event.currentTarget.focus({ focusVisible: false });
              if (tab.value !== value) onChange(tab.value);
            }}
            className={cx(
              'min-h-10 whitespace-nowrap rounded-xl px-1.5 text-sm font-semibold transition sm:px-3',
              // About a third (a quarter) of the row, growing into what is left over: a basis of
              // exactly a third less the gaps would wrap the third tab at a rounding.
              wrap ? 'grow basis-[30%] sm:basis-[23%]' : 'flex-1',
              'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
              'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
              'dark:data-[state=active]:bg-slate-950 dark:data-[state=active]:text-white',
            )}
          >
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      <RadixTabs.Content value={value} className="mt-4 rounded-2xl focus-visible:outline-offset-4">
        {children}
      </RadixTabs.Content>
    </RadixTabs.Root>
  );
}

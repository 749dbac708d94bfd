import type { Theme } from '@habitquest/contracts/settings';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useUpdateSettings } from '../settings/mutations';
import { cx } from '../../components/ui/cx';
import { radioGroupKeys, radioTabIndex } from '../../components/ui/radio-keys';
import { dashboardCopy as copy } from './copy';

const OPTIONS: { value: Theme; label: string; Icon: typeof Sun }[] = [
  { value: 'light', label: copy.light, Icon: Sun },
  { value: 'system', label: copy.system, Icon: Monitor },
  { value: 'dark', label: copy.dark, Icon: Moon },
];

/** Light / System / Dark, saved to the user's settings so every device follows. */
export function ThemeSwitch({ theme }: { theme: Theme }) {
  const update = useUpdateSettings();
  const choose = (value: Theme): void => {
    update.mutate({ theme: value });
  };
  return (
    <div
      role="radiogroup"
      aria-label={copy.theme}
      {...radioGroupKeys(
        OPTIONS.map((option) => option.value),
        choose,
      )}
      className="inline-flex rounded-xl bg-white/15 p-1 backdrop-blur"
    >
      {OPTIONS.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={theme === value}
          tabIndex={radioTabIndex(theme === value)}
          onClick={() => {
            choose(value);
          }}
          className={cx(
            'inline-flex min-h-8 items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium transition sm:px-3',
            theme === value ? 'bg-white text-slate-900 shadow' : 'text-current hover:bg-white/15',
          )}
        >
          <Icon aria-hidden className="size-4" />
          {/* Icons only on phones, so the hero's actions fit one row; the name stays. */}
          <span className="sr-only sm:not-sr-only">{label}</span>
        </button>
      ))}
    </div>
  );
}

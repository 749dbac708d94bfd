import type { Accent, Theme } from '@habitquest/contracts/settings';
import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { cx } from '../../../components/ui/cx';
import { radioGroupKeys, radioTabIndex } from '../../../components/ui/radio-keys';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { settingsDialogCopy as copy } from '../dialog-copy';
import { useUpdateSettings } from '../mutations';
import { Section } from './parts';

// Typed only: a value import of the contracts would bring zod along into this chunk.
const ACCENTS = Object.keys(copy.accents) as Accent[];

const THEMES: { value: Theme; Icon: typeof Sun }[] = [
  { value: 'light', Icon: Sun },
  { value: 'system', Icon: Monitor },
  { value: 'dark', Icon: Moon },
];

/** Theme (the hero's switch, the same setting) and the eight accent gradients (docs/product.md). */
export function AppearancePanel({ theme, accent }: { theme: Theme; accent: Accent }) {
  const update = useUpdateSettings();
  const chooseTheme = (value: Theme): void => {
    update.mutate({ theme: value });
  };
  const chooseAccent = (value: Accent): void => {
    update.mutate({ accent: value });
  };
  return (
    <div className="flex flex-col gap-4">
      <Section title={copy.theme}>
        <div
          role="radiogroup"
          aria-label={copy.theme}
          className="grid grid-cols-3 gap-2"
          {...radioGroupKeys(
            THEMES.map((option) => option.value),
            chooseTheme,
          )}
        >
          {THEMES.map(({ value, Icon }) => {
            const isOn = theme === value;
            return (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={isOn}
                tabIndex={radioTabIndex(isOn)}
                onClick={() => {
                  chooseTheme(value);
                }}
                className={cx(
                  'flex min-h-16 flex-col items-center justify-center gap-1 rounded-xl border-2 px-2 py-2 text-sm font-semibold transition',
                  isOn
                    ? 'border-accent-strong bg-white text-slate-900 shadow-sm dark:bg-slate-900 dark:text-white'
                    : 'border-transparent bg-white/60 text-slate-700 hover:bg-white dark:bg-slate-900/60 dark:text-slate-200 dark:hover:bg-slate-900',
                )}
              >
                <Icon aria-hidden className="size-5" />
                {copy.themes[value]}
              </button>
            );
          })}
        </div>
      </Section>
      <Section title={copy.accent} description={copy.accentHint}>
        <div
          role="radiogroup"
          aria-label={copy.accent}
          className="grid grid-cols-2 gap-2 min-[420px]:grid-cols-4"
          {...radioGroupKeys(ACCENTS, chooseAccent)}
        >
          {ACCENTS.map((value) => {
            const isOn = accent === value;
            return (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={isOn}
                tabIndex={radioTabIndex(isOn)}
                data-accent-option={value}
                onClick={() => {
                  chooseAccent(value);
                }}
                className={cx(
                  'flex items-center gap-2 rounded-xl border-2 bg-white p-2 text-left text-sm font-semibold text-slate-800 transition hover:shadow-sm dark:bg-slate-900 dark:text-slate-100',
                  isOn
                    ? 'border-accent-strong shadow-sm'
                    : 'border-slate-200 dark:border-slate-700',
                )}
              >
                <span
                  aria-hidden
                  data-accent={value}
                  className="bg-accent-gradient grid size-8 shrink-0 place-items-center rounded-lg ring-1 ring-slate-900/10 ring-inset dark:ring-white/20"
                >
                  {isOn ? <Check className="size-4" /> : null}
                </span>
                {copy.accents[value]}
              </button>
            );
          })}
        </div>
        <div className="mt-4 rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">
            {copy.preview}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <Button tabIndex={-1} aria-hidden>
              {copy.previewButton}
            </Button>
            <ProgressBar
              value={68}
              label={copy.preview}
              className="min-w-32 flex-1"
              barClassName="bg-accent-gradient"
            />
          </div>
        </div>
      </Section>
    </div>
  );
}

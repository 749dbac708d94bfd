import { MONTHLY_TARGET_MAX, MONTHLY_TARGET_MIN } from '@habitquest/contracts/bounds';
import { useEffect, useId, useRef } from 'react';
import { cx } from '../../components/ui/cx';
import { describedBy, FieldError } from '../../components/ui/TextField';
import { parseWholeNumber, useForm, type Checked } from '../../components/ui/use-form';
import { goalsCopy as copy } from './copy';

const TARGET_MIN = MONTHLY_TARGET_MIN;

/**
 * A category's monthly target, edited in place: saved on blur or Enter when it is a whole number
 * from 0 to 10000; anything else (blank, 'abc', 2.5, 99999) is said under the input and not
 * saved. Escape puts the saved value back. A change from elsewhere (another tab, a rollback)
 * shows at once unless the user is typing another number.
 */
export function TargetInput({
  name,
  value,
  onSave,
}: {
  name: string;
  value: number;
  onSave: (target: number) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const form = useForm({
    initial: { target: String(value) },
    check: ({ target }): Checked<number, 'target'> => {
      const parsed = parseWholeNumber(target, TARGET_MIN, MONTHLY_TARGET_MAX);
      return parsed === null
        ? { input: null, errors: { target: copy.targetRange(TARGET_MIN, MONTHLY_TARGET_MAX) } }
        : { input: parsed, errors: null };
    },
    submit: (target) => {
      if (target !== value) onSave(target);
      return Promise.resolve();
    },
  });
  const { error, ref, ...field } = form.field('target');
  const input = useRef<HTMLInputElement | null>(null);
  const { reset, values } = form;
  useEffect(() => {
    const isTyping = document.activeElement === input.current && values.target !== String(value);
    if (!isTyping) reset({ target: String(value) });
    // Only a new saved value resyncs; the typing itself must not.
  }, [value]);
  return (
    <div className="flex min-w-0 flex-col items-end gap-1">
      <div className="flex items-center gap-2">
        <label
          htmlFor={id}
          className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300"
        >
          {copy.target}
        </label>
        <div className="relative">
          <input
            id={id}
            // The visible label is the short 'Target'; the name says whose target it is.
            aria-label={copy.targetLabel(name)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(error ? errorId : null)}
            type="number"
            inputMode="numeric"
            min={TARGET_MIN}
            max={MONTHLY_TARGET_MAX}
            step={1}
            {...field}
            ref={(element) => {
              input.current = element;
              ref(element);
            }}
            onBlur={() => {
              if (form.isDirty) form.trySubmit(false);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') form.trySubmit();
              if (event.key === 'Escape' && (form.isDirty || error)) {
                // Escape inside a dialog-less card only undoes the typing.
                event.preventDefault();
                form.reset();
              }
            }}
            className={cx(
              'h-9 w-28 rounded-lg border border-slate-300 bg-white pl-2 pr-8 text-right text-sm font-semibold tabular-nums text-slate-900 focus-visible:border-indigo-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500/30 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100',
              error && 'border-red-600 focus-visible:ring-red-500/30 dark:border-red-400',
            )}
          />
          <span
            aria-hidden
            className="pointer-events-none absolute inset-y-0 right-2.5 flex items-center text-xs text-slate-500 dark:text-slate-400"
          >
            {copy.xpUnit}
          </span>
        </div>
      </div>
      <div className="max-w-64 text-right text-xs">
        <FieldError id={errorId} error={error} />
      </div>
    </div>
  );
}

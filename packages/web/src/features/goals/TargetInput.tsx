import { MONTHLY_TARGET_MAX } from '@habitquest/contracts/categories';
import { useId, useState } from 'react';
import { goalsCopy as copy } from './copy';
import { parseTarget } from './goal-model';

/**
 * A category's monthly target, edited in place: saved on blur or Enter (empty counts as 0,
 * clamped to 0–10000), Escape puts the saved value back.
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
  // null while not editing, so a change from elsewhere (another tab, a rollback) shows at once.
  const [draft, setDraft] = useState<string | null>(null);
  const commit = (): void => {
    if (draft === null) return;
    const target = parseTarget(draft);
    setDraft(null);
    if (target !== value) onSave(target);
  };
  return (
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
          type="number"
          inputMode="numeric"
          min={0}
          max={MONTHLY_TARGET_MAX}
          step={1}
          value={draft ?? String(value)}
          onChange={(event) => {
            setDraft(event.target.value);
          }}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
            if (event.key === 'Escape') setDraft(null);
          }}
          className="h-9 w-24 rounded-lg border border-slate-300 bg-white pl-2 pr-8 text-right text-sm font-semibold tabular-nums text-slate-900 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
        />
        <span
          aria-hidden
          className="pointer-events-none absolute inset-y-0 right-2.5 flex items-center text-xs text-slate-500 dark:text-slate-400"
        >
          {copy.xpUnit}
        </span>
      </div>
    </div>
  );
}

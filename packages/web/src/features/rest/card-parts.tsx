/** The rest parts of a habit card: the badge of a resting period, the skip and unskip buttons. */
import type { RestKind } from '@habitquest/core/stats';
import { Coffee, ShieldCheck, Undo2 } from 'lucide-react';
import { cx } from '../../components/ui/cx';
import { restDayCopy as copy } from './day-copy';

/** 'Skipped — streak safe': words first, the colour only repeats them. */
export function RestBadge({ kind, className }: { kind: RestKind; className?: string }) {
  return (
    <span
      className={cx(
        'inline-flex max-w-full items-center gap-1 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900 dark:bg-sky-400/15 dark:text-sky-100',
        className,
      )}
    >
      <ShieldCheck aria-hidden className="size-3.5 shrink-0" />
      <span className="truncate">{copy.badges[kind]}</span>
    </span>
  );
}

/** What the skip button does for this card, decided by the section (period, date, bounds). */
export type SkipAction = {
  kind: 'skip' | 'unskip';
  /** The visible words: 'Skip today', 'Skip this week', 'Unskip'. */
  text: string;
  /** The words with the habit's title, for a screen reader in a list of cards. */
  label: string;
  onClick: () => void;
};

export function SkipButton({ action }: { action: SkipAction }) {
  const Icon = action.kind === 'skip' ? Coffee : Undo2;
  return (
    <button
      type="button"
      onClick={action.onClick}
      aria-label={action.label}
      title={action.kind === 'skip' ? copy.skipHint : undefined}
      className="inline-flex min-h-10 items-center gap-1.5 whitespace-nowrap rounded-xl px-2.5 text-sm font-medium text-slate-700 transition hover:bg-sky-50 hover:text-sky-900 dark:text-slate-200 dark:hover:bg-sky-400/10 dark:hover:text-sky-100"
    >
      <Icon aria-hidden className="size-4" />
      {action.text}
    </button>
  );
}

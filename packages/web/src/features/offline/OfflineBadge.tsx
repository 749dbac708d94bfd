import { CloudOff, Check, RefreshCw, Clock } from 'lucide-react';
import { cx } from '../../components/ui/cx';
import { offlineCopy as copy } from './copy';
import { useOfflineBadge } from './use-offline-badge';

// Opaque, so it reads the same on the header's translucent background over any page colour.
const LOOKS = {
  offline: {
    icon: CloudOff,
    className: 'bg-slate-800 text-white dark:bg-slate-200 dark:text-slate-900',
  },
  syncing: {
    icon: RefreshCw,
    className: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  },
  pending: {
    icon: Clock,
    className: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  },
  synced: {
    icon: Check,
    className: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  },
} as const;

/** The header's sync badge: 'Offline Mode', 'N pending', 'Syncing... (N)' or 'Synced!'. */
export function OfflineBadge() {
  const badge = useOfflineBadge();
  // The live region stays mounted (and off screen), so a badge that appears is announced; the
  // pill is what sighted users see.
  return (
    <>
      <span role="status" aria-label={copy.badgeLabel} className="sr-only">
        {badge?.text ?? ''}
      </span>
      {badge ? <BadgePill kind={badge.kind} text={badge.text} /> : null}
    </>
  );
}

function BadgePill({ kind, text }: { kind: keyof typeof LOOKS; text: string }) {
  const { icon: Icon, className } = LOOKS[kind];
  return (
    <span
      aria-hidden
      data-badge={kind}
      className={cx(
        'inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-semibold',
        className,
      )}
    >
      <Icon
        aria-hidden
        className={cx('size-3.5', kind === 'syncing' && 'motion-safe:animate-spin')}
      />
      {text}
    </span>
  );
}

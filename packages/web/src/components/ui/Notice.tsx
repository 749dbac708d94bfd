import type { ReactNode } from 'react';
import { cx } from './cx';

const TONES = {
  error: 'bg-red-50 text-red-800 dark:bg-red-500/10 dark:text-red-300',
  success: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-300',
  info: 'bg-sky-50 text-sky-900 dark:bg-sky-500/10 dark:text-sky-200',
} as const;

/**
 * An inline message announced to screen readers: an error (at once), a success, or information
 * about what an action will do.
 */
export function Notice({
  tone,
  id,
  children,
}: {
  tone: keyof typeof TONES;
  id?: string;
  children: ReactNode;
}) {
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx('rounded-xl px-3 py-2 text-sm wrap-anywhere', TONES[tone])}
    >
      {children}
    </div>
  );
}

import type { ReactNode } from 'react';
import { cx } from './cx';

/** An inline message: an error, or a success, announced to screen readers. */
export function Notice({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx(
        'rounded-xl px-3 py-2 text-sm',
        tone === 'error'
          ? 'bg-red-50 text-red-800 dark:bg-red-500/10 dark:text-red-300'
          : 'bg-emerald-50 text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-300',
      )}
    >
      {children}
    </div>
  );
}

import type { ReactNode } from 'react';
import { cx } from './cx';

/**
 * A dialog's buttons: right-aligned in a row, stacked on narrow screens with the main action on
 * top (so pass them in reading order: cancel first).
 */
export function DialogActions({
  children,
  className,
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cx('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      {children}
    </div>
  );
}

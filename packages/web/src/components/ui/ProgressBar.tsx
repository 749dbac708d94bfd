import type { CSSProperties } from 'react';
import { cx } from './cx';

/** A labelled horizontal bar; the value is a percent, clamped to 0–100 for the width. */
export function ProgressBar({
  value,
  label,
  className,
  barClassName,
  barStyle,
  size = 'sm',
}: {
  value: number;
  label: string;
  className?: string;
  barClassName?: string;
  barStyle?: CSSProperties;
  size?: 'sm' | 'md';
}) {
  const width = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuenow={width}
      aria-valuemin={0}
      aria-valuemax={100}
      className={cx(
        size === 'md' ? 'h-3' : 'h-2.5',
        'overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800',
        className,
      )}
    >
      <div
        className={cx(
          'h-full rounded-full transition-[width] duration-500 motion-reduce:transition-none',
          barClassName,
        )}
        style={{ width: `${width}%`, ...barStyle }}
      />
    </div>
  );
}

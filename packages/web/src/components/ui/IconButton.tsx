import { Pause, Pencil, Trash2 } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';
import { cx } from './cx';

const TONES = {
  neutral:
    'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  danger:
    'text-slate-600 hover:bg-red-50 hover:text-red-700 dark:text-slate-300 dark:hover:bg-red-500/10 dark:hover:text-red-300',
} as const;

const ICONS = { edit: Pencil, delete: Trash2, pause: Pause } as const;

/** A small icon-only action (edit, delete, pause); `label` names it for assistive tech. */
export function IconButton({
  action,
  label,
  className,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> & {
  action: keyof typeof ICONS;
  label: string;
}) {
  const Icon = ICONS[action];
  return (
    <button
      type="button"
      aria-label={label}
      className={cx(
        'rounded-lg p-2 transition',
        TONES[action === 'delete' ? 'danger' : 'neutral'],
        className,
      )}
      {...props}
    >
      <Icon aria-hidden className="size-4" />
    </button>
  );
}

import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from './cx';

export const FIELD_CLASS =
  'min-h-11 min-w-0 rounded-xl border border-slate-300 bg-white px-3 text-slate-900 placeholder:text-slate-400 focus-visible:border-indigo-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500/30 aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus-visible:ring-red-500/30 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:aria-[invalid=true]:border-red-400';

/** The ids a field's describedby lists: its hint, then its error (both under the field). */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const list = ids.filter(Boolean);
  return list.length > 0 ? list.join(' ') : undefined;
}

/** The error line under a field; its id is what the field's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error?: string | null | undefined }) {
  return error ? (
    <p id={id} className="text-sm font-medium text-red-700 wrap-anywhere dark:text-red-400">
      {error}
    </p>
  ) : null;
}

/** What a labelled field's control needs to be named and described by its frame. */
type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** The label above a control, its hint and its error under it (TextField, TextAreaField). */
function FieldFrame({
  label,
  error,
  hint,
  className,
  control,
}: {
  label: string;
  error?: string | null | undefined;
  hint?: ReactNode;
  className?: string | undefined;
  control: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className={cx('flex min-w-0 flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      {control({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(hint ? hintId : null, error ? errorId : null),
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

type FieldText = { label: string; error?: string | null | undefined; hint?: ReactNode };

/**
 * A labelled input with an optional hint and an error under it: the error sets aria-invalid and
 * both are named by aria-describedby. `ref` reaches the input (so a form can focus it).
 */
export function TextField({
  label,
  error,
  hint,
  className,
  ...props
}: ComponentPropsWithRef<'input'> & FieldText) {
  const frame = { label, error, hint, className };
  return (
    <FieldFrame
      {...frame}
      control={(aria) => <input className={FIELD_CLASS} {...aria} {...props} />}
    />
  );
}

/** TextField for a few lines of text (a description): it grows by hand, never sideways. */
export function TextAreaField({
  label,
  error,
  hint,
  className,
  rows = 3,
  ...props
}: ComponentPropsWithRef<'textarea'> & FieldText) {
  const frame = { label, error, hint, className };
  const textClass = cx(FIELD_CLASS, 'resize-y py-2.5 leading-snug');
  return (
    <FieldFrame
      {...frame}
      control={(aria) => <textarea className={textClass} rows={rows} {...aria} {...props} />}
    />
  );
}

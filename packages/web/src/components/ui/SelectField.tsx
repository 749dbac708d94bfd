import { useId, type ComponentPropsWithRef } from 'react';
import { cx } from './cx';
import { FieldError, FIELD_CLASS } from './TextField';

/** A labelled native select: accessible and keyboard-friendly on every platform. */
export function SelectField({
  label,
  options,
  error,
  className,
  ...props
}: ComponentPropsWithRef<'select'> & {
  label: string;
  options: { value: string; label: string }[];
  error?: string | null | undefined;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cx('flex min-w-0 flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cx(FIELD_CLASS, 'w-full truncate')}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

import type { ReactNode } from 'react';
import { cx } from '../../../components/ui/cx';

/** A titled block of the settings dialog. */
export function Section({
  title,
  description,
  children,
  className,
  actions,
}: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  actions?: ReactNode;
}) {
  return (
    <section
      className={cx(
        'rounded-2xl border border-slate-200 bg-slate-50/60 p-4 dark:border-slate-800 dark:bg-slate-950/40',
        className,
      )}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold text-slate-900 dark:text-white">{title}</h3>
          {description ? (
            <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">{description}</p>
          ) : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children ? <div className="mt-3">{children}</div> : null}
    </section>
  );
}

/** An on/off switch with its label and an optional hint. */
export function Switch({
  label,
  hint,
  checked,
  onChange,
  disabled = false,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <label
      className={cx(
        'flex cursor-pointer items-center justify-between gap-4',
        // The words stay readable (they say what is off); only the control itself fades.
        disabled && 'cursor-not-allowed',
      )}
    >
      <span className="min-w-0">
        <span className="block font-medium text-slate-900 dark:text-white">{label}</span>
        {hint ? (
          <span className="block text-sm text-slate-600 dark:text-slate-300">{hint}</span>
        ) : null}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        disabled={disabled}
        onClick={() => {
          onChange(!checked);
        }}
        className={cx(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition disabled:opacity-50',
          checked ? 'bg-accent-strong' : 'bg-slate-300 dark:bg-slate-700',
        )}
      >
        <span
          aria-hidden
          className={cx(
            'inline-block size-6 rounded-full bg-white shadow transition-transform motion-reduce:transition-none',
            checked ? 'translate-x-5' : 'translate-x-0',
          )}
        />
      </button>
    </label>
  );
}

/** A volume from 0 to 1 in steps of 5 %. */
export function VolumeSlider(props: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  valueText: string;
}) {
  return (
    <Slider
      {...props}
      min={0}
      max={1}
      step={0.05}
      onChange={(value) => {
        props.onChange(Math.round(value * 20) / 20);
      }}
    />
  );
}

/** A labelled range input that shows its value in words beside the label. */
export function Slider({
  label,
  value,
  min,
  max,
  step,
  onChange,
  disabled = false,
  valueText,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  valueText: string;
}) {
  return (
    <label className={cx('block', disabled && 'cursor-not-allowed')}>
      <span className="flex items-center justify-between text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
        <span className="tabular-nums text-slate-600 dark:text-slate-300">{valueText}</span>
      </span>
      <input
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        aria-valuetext={valueText}
        onChange={(event) => {
          onChange(Number(event.target.value));
        }}
        className="accent-strong mt-2 h-2 w-full cursor-pointer disabled:cursor-not-allowed disabled:opacity-50"
      />
    </label>
  );
}

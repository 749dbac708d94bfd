import type { ReactNode } from 'react';

/** A named row of choices in the habit dialog (its colours, its icons): a fieldset and legend. */
export function PickerGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{legend}</legend>
      <div className="flex flex-wrap gap-1">{children}</div>
    </fieldset>
  );
}

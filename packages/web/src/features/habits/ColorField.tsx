import { Check } from 'lucide-react';
import { habitsCopy as copy } from './copy';
import { PickerGroup } from './PickerGroup';

/**
 * The colours a habit can take (its card's top bar): eight that stay distinct from each other in
 * light and dark, the default first. A colour from elsewhere (an import, the API) is offered as
 * it is, first, so an edit keeps it unless another is chosen.
 */
export const HABIT_COLORS = [
  { value: '#10b981', name: 'Emerald' },
  { value: '#0ea5e9', name: 'Sky' },
  { value: '#6366f1', name: 'Indigo' },
  { value: '#8b5cf6', name: 'Violet' },
  { value: '#ec4899', name: 'Pink' },
  { value: '#f43f5e', name: 'Rose' },
  { value: '#f59e0b', name: 'Amber' },
  { value: '#64748b', name: 'Slate' },
] as const;

const sameColor = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The habit dialog's colour: a radio group of swatches (arrow keys move between them). */
export function ColorField({
  value,
  onChange,
}: {
  value: string;
  onChange: (color: string) => void;
}) {
  const options: readonly { value: string; name: string }[] = HABIT_COLORS.some((color) =>
    sameColor(color.value, value),
  )
    ? HABIT_COLORS
    : [{ value, name: copy.currentColor }, ...HABIT_COLORS];
  return (
    <PickerGroup legend={copy.color}>
      {options.map((option) => {
        const isChosen = sameColor(option.value, value);
        return (
          <label
            key={option.value}
            title={option.name}
            className="relative grid size-9 cursor-pointer place-items-center rounded-full border-2 border-transparent has-[:checked]:border-slate-900 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 dark:has-[:checked]:border-white"
          >
            <input
              type="radio"
              name="habit-color"
              value={option.value}
              checked={isChosen}
              aria-label={option.name}
              onChange={() => {
                onChange(option.value);
              }}
              className="sr-only"
            />
            <span
              aria-hidden
              className="size-7 rounded-full shadow-inner"
              style={{ backgroundColor: option.value }}
            />
            {isChosen ? (
              <Check aria-hidden strokeWidth={3} className="absolute size-4 text-white" />
            ) : null}
          </label>
        );
      })}
    </PickerGroup>
  );
}

import { habitsCopy as copy } from './copy';
import { PickerGroup } from './PickerGroup';
import { HABIT_ICONS, HabitIcon, isKnownIcon } from './habit-icons';

/**
 * The habit dialog's icon: a radio group (arrow keys move between them), each drawn in the colour
 * chosen above it. An icon from elsewhere (an emoji from an import) is offered first, as it is,
 * so an edit keeps it unless another is chosen.
 */
export function IconField({
  value,
  color,
  onChange,
}: {
  value: string;
  color: string;
  onChange: (icon: string) => void;
}) {
  const options: readonly { name: string; label: string }[] = isKnownIcon(value)
    ? HABIT_ICONS
    : [{ name: value, label: copy.currentIcon }, ...HABIT_ICONS];
  return (
    <PickerGroup legend={copy.icon}>
      {options.map((option) => (
        <label
          key={option.name}
          title={option.label}
          className="grid size-10 cursor-pointer place-items-center rounded-xl border-2 border-transparent text-lg hover:bg-slate-100 has-[:checked]:border-slate-900 has-[:checked]:bg-slate-100 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 dark:hover:bg-slate-800 dark:has-[:checked]:border-white dark:has-[:checked]:bg-slate-800"
          style={{ color }}
        >
          <input
            type="radio"
            name="habit-icon"
            value={option.name}
            checked={option.name === value}
            aria-label={option.label}
            onChange={() => {
              onChange(option.name);
            }}
            className="sr-only"
          />
          <HabitIcon icon={option.name} className="size-5" />
        </label>
      ))}
    </PickerGroup>
  );
}

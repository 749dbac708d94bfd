/**
 * What an edit of a habit sends (lib/changed-fields.ts): only the fields changed in the form. The
 * schedule (recurring or a date) goes as a pair when either changed; the frequency only when it
 * changed, since a new one regroups the habit's whole history.
 */
import type { Habit, HabitCreate, HabitUpdate } from '@habitquest/contracts/habits';
import { changedFields } from '../../lib/changed-fields';

/** The changed fields, or null when nothing changed. */
export function habitPatch(habit: Habit, input: HabitCreate): HabitUpdate | null {
  // The form has no id for an edit (a new habit's only), so it is never among the changes.
  const changed: HabitUpdate | null = changedFields(habit, { ...input, id: undefined });
  if (changed && ('isRecurring' in changed || 'specificDate' in changed)) {
    return { ...changed, isRecurring: input.isRecurring, specificDate: input.specificDate };
  }
  return changed;
}

import type { Category } from '@habitquest/contracts/categories';
import {
  DEFAULT_HABIT_COLOR,
  DEFAULT_HABIT_ICON,
  DEFAULT_HABIT_XP,
  DESCRIPTION_MAX,
  HABIT_XP_MAX,
  HABIT_XP_MIN,
  TITLE_MAX,
  zHabitCreate,
  type Habit,
  type HabitCreate,
} from '@habitquest/contracts/habits';
import { FREQUENCIES, type Frequency } from '@habitquest/core/periods';
import { toast } from '../../lib/toast';
import { ApiError } from '../../lib/api';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Notice } from '../../components/ui/Notice';
import { SelectField } from '../../components/ui/SelectField';
import { TextAreaField, TextField } from '../../components/ui/TextField';
import {
  parseWholeNumber,
  useForm,
  type Checked,
  type FieldErrors,
} from '../../components/ui/use-form';
import { openUpgradeOnLimit } from '../pro/limits';
import { ColorField } from './ColorField';
import { IconField } from './IconField';
import { habitsCopy as copy } from './copy';
import { useCreateHabit, useUpdateHabit } from './mutations';
import { habitPatch } from './habit-patch';

type Fields = {
  title: string;
  description: string;
  frequency: Frequency;
  categoryId: string;
  xp: string;
  isRecurring: boolean;
  specificDate: string;
  color: string;
  icon: string;
};

function initialFields(
  habit: Habit | null,
  frequency: Frequency,
  categories: Category[],
  date: string,
): Fields {
  return {
    title: habit?.title ?? '',
    description: habit?.description ?? '',
    frequency: habit?.frequency ?? frequency,
    categoryId: habit?.categoryId ?? categories.find((c) => !c.isFallback)?.id ?? '',
    xp: String(habit?.xpOnComplete ?? DEFAULT_HABIT_XP),
    isRecurring: habit?.isRecurring ?? true,
    specificDate: habit?.specificDate ?? date,
    color: habit?.color ?? DEFAULT_HABIT_COLOR,
    icon: habit?.icon ?? DEFAULT_HABIT_ICON,
  };
}

/** The fields checked with the wire's own schema; XP is a whole number from 1 to 100, never rounded. */
export function checkHabit(fields: Fields): Checked<HabitCreate, keyof Fields> {
  const errors: FieldErrors<keyof Fields> = {};
  const xp = parseWholeNumber(fields.xp, HABIT_XP_MIN, HABIT_XP_MAX);
  if (xp === null) errors.xp = copy.xpRange(HABIT_XP_MIN, HABIT_XP_MAX);
  if (!fields.isRecurring && fields.specificDate === '') errors.specificDate = copy.dateRequired;
  const parsed = zHabitCreate.safeParse({
    title: fields.title,
    description: fields.description,
    frequency: fields.frequency,
    categoryId: fields.categoryId || null,
    xpOnComplete: xp ?? DEFAULT_HABIT_XP,
    isRecurring: fields.isRecurring,
    specificDate: fields.isRecurring ? null : fields.specificDate || null,
    color: fields.color,
    icon: fields.icon,
  });
  for (const issue of parsed.error?.issues ?? []) {
    const name = issue.path[0];
    if (name === 'title') errors.title ??= issue.message;
    else if (name === 'description') errors.description ??= issue.message;
    else if (name === 'specificDate') errors.specificDate ??= copy.dateRequired;
    else if (name === 'categoryId') errors.categoryId ??= issue.message;
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { input: null, errors };
  return { input: parsed.data, errors: null };
}

/** Create Habit and Edit Habit (docs/product.md): the same fields, 'Save Changes' when editing. */
export function HabitFormDialog(props: {
  habit: Habit | null;
  defaultFrequency: Frequency;
  defaultDate: string;
  categories: Category[];
  onClose: () => void;
}) {
  const { habit, categories, onClose } = props;
  const create = useCreateHabit();
  const update = useUpdateHabit();
  const form = useForm({
    initial: () => initialFields(habit, props.defaultFrequency, categories, props.defaultDate),
    check: checkHabit,
    submit: async (input) => {
      if (habit) {
        // Only what was changed: nothing another device changed meanwhile is put back.
        const patch = habitPatch(habit, input);
        if (patch === null) {
          onClose();
          return;
        }
        await update.mutateAsync({ id: habit.id, patch });
        toast.success(copy.updatedToast, { description: input.title });
      } else {
        await create.mutateAsync(input);
        toast.success(copy.createdToast, { description: input.title });
      }
      onClose();
    },
    describeFailure: (failure) => {
      // The upgrade modal opens over this form, so Maybe Later comes back to what was typed.
      if (openUpgradeOnLimit(failure)) return null;
      return {
        form:
          // The server's own words for what it refused: bad input, or a one-time date that
          // would leave a completion out (CONFLICT).
          failure instanceof ApiError &&
          (failure.code === 'VALIDATION' || failure.code === 'CONFLICT')
            ? failure.message
            : habit
              ? copy.updateFailed
              : copy.createFailed,
      };
    },
  });
  const { values, set } = form;
  const isSaving = form.isSubmitting;

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={habit ? copy.editTitle : copy.createTitle}
      isDirty={form.isDirty}
    >
      <form className="flex flex-col gap-4" onSubmit={form.onSubmit} noValidate>
        <TextField label={copy.title} maxLength={TITLE_MAX} {...form.field('title')} autoFocus />
        <TextAreaField
          label={copy.description}
          autoComplete="off"
          placeholder={copy.descriptionPlaceholder}
          maxLength={DESCRIPTION_MAX}
          rows={2}
          {...form.field('description')}
        />
        <div className="grid grid-cols-2 items-start gap-3">
          <SelectField
            label={copy.frequency}
            {...form.field('frequency')}
            options={FREQUENCIES.map((f) => ({ value: f, label: copy.frequencies[f] }))}
          />
          <TextField
            label={copy.xpReward}
            type="number"
            inputMode="numeric"
            min={HABIT_XP_MIN}
            max={HABIT_XP_MAX}
            step={1}
            {...form.field('xp')}
          />
        </div>
        {habit && values.frequency !== habit.frequency ? (
          <Notice tone="info" id="habit-frequency-change">
            {copy.frequencyChange(values.frequency)}
          </Notice>
        ) : null}
        <SelectField
          label={copy.category}
          {...form.field('categoryId')}
          options={categories.map((c) => ({ value: c.id, label: c.name }))}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">
            {copy.type}
          </legend>
          <div className="grid grid-cols-2 gap-2">
            {[true, false].map((isRecurring) => (
              <label
                key={String(isRecurring)}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 px-3 text-sm font-medium text-slate-800 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 dark:border-slate-700 dark:text-slate-100 dark:has-[:checked]:bg-indigo-500/15"
              >
                <input
                  type="radio"
                  name="habit-type"
                  checked={values.isRecurring === isRecurring}
                  onChange={() => {
                    set('isRecurring', isRecurring);
                  }}
                />
                {isRecurring ? copy.recurring : copy.specific}
              </label>
            ))}
          </div>
        </fieldset>
        {values.isRecurring ? null : (
          <TextField label={copy.date} type="date" {...form.field('specificDate')} />
        )}
        <ColorField
          value={values.color}
          onChange={(color) => {
            set('color', color);
          }}
        />
        <IconField
          value={values.icon}
          color={values.color}
          onChange={(icon) => {
            set('icon', icon);
          }}
        />
        {form.formError ? <Notice tone="error">{form.formError}</Notice> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {copy.cancel}
          </Button>
          <Button type="submit" disabled={isSaving}>
            {habit ? (isSaving ? copy.saving : copy.save) : isSaving ? copy.creating : copy.create}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

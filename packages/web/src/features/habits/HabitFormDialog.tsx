import type { Category } from '@habitquest/contracts/categories';
import { zHabitCreate, type Habit } from '@habitquest/contracts/habits';
import { FREQUENCIES, type Frequency } from '@habitquest/core/periods';
import { useState, type SyntheticEvent } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../app/api';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Notice } from '../../components/ui/Notice';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { habitsCopy as copy } from './copy';
import { useCreateHabit, useUpdateHabit } from './mutations';

export type LimitHandler = (resource: string, message: string) => void;

type Fields = {
  title: string;
  frequency: Frequency;
  categoryId: string;
  xp: string;
  isRecurring: boolean;
  specificDate: string;
};

function initialFields(
  habit: Habit | null,
  frequency: Frequency,
  categories: Category[],
  date: string,
): Fields {
  return {
    title: habit?.title ?? '',
    frequency: habit?.frequency ?? frequency,
    categoryId: habit?.categoryId ?? categories.find((c) => !c.isFallback)?.id ?? '',
    xp: String(habit?.xpOnComplete ?? 10),
    isRecurring: habit?.isRecurring ?? true,
    specificDate: habit?.specificDate ?? date,
  };
}

/** Create Habit and Edit Habit (spec §2, §5): the same fields, 'Save Changes' when editing. */
export function HabitFormDialog(props: {
  habit: Habit | null;
  defaultFrequency: Frequency;
  defaultDate: string;
  categories: Category[];
  onClose: () => void;
  onLimitReached: LimitHandler;
}) {
  const { habit, categories, onClose } = props;
  const [fields, setFields] = useState(() =>
    initialFields(habit, props.defaultFrequency, categories, props.defaultDate),
  );
  const [error, setError] = useState<string | null>(null);
  const create = useCreateHabit();
  const update = useUpdateHabit();
  const isSaving = create.isPending || update.isPending;
  const set = <K extends keyof Fields>(name: K, value: Fields[K]): void => {
    setFields((current) => ({ ...current, [name]: value }));
  };

  const submit = (event: SyntheticEvent): void => {
    event.preventDefault();
    const xp = Number.parseInt(fields.xp, 10);
    const parsed = zHabitCreate.safeParse({
      title: fields.title,
      frequency: fields.frequency,
      categoryId: fields.categoryId || null,
      xpOnComplete: Number.isNaN(xp) ? 10 : xp,
      isRecurring: fields.isRecurring,
      specificDate: fields.isRecurring ? null : fields.specificDate || null,
    });
    // Spec §5: a blank title does nothing; other problems are said in words.
    if (!parsed.success) {
      if (fields.title.trim() !== '')
        setError(parsed.error.issues[0]?.message ?? copy.createFailed);
      return;
    }
    const onError = (failure: Error): void => {
      if (failure instanceof ApiError && failure.code === 'LIMIT_REACHED') {
        onClose();
        props.onLimitReached(
          typeof failure.details.resource === 'string' ? failure.details.resource : 'habits',
          failure.message,
        );
        return;
      }
      setError(
        failure instanceof ApiError && failure.code === 'VALIDATION'
          ? failure.message
          : habit
            ? copy.updateFailed
            : copy.createFailed,
      );
    };
    if (habit) {
      const { title, frequency, categoryId, xpOnComplete, isRecurring, specificDate } = parsed.data;
      const patch = { title, frequency, categoryId, xpOnComplete, isRecurring, specificDate };
      update.mutate({ id: habit.id, patch }, { onSuccess: onClose, onError });
    } else {
      create.mutate(parsed.data, {
        onSuccess: () => {
          toast.success(parsed.data.title);
          onClose();
        },
        onError,
      });
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={habit ? copy.editTitle : copy.createTitle}
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <TextField
          label={copy.title}
          value={fields.title}
          maxLength={200}
          onChange={(e) => {
            set('title', e.target.value);
          }}
          autoFocus
        />
        <div className="grid grid-cols-2 gap-3">
          <SelectField
            label={copy.frequency}
            value={fields.frequency}
            onChange={(e) => {
              set('frequency', e.target.value as Frequency);
            }}
            options={FREQUENCIES.map((f) => ({ value: f, label: copy.frequencies[f] }))}
          />
          <TextField
            label={copy.xpReward}
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            value={fields.xp}
            onChange={(e) => {
              set('xp', e.target.value);
            }}
          />
        </div>
        <SelectField
          label={copy.category}
          value={fields.categoryId}
          onChange={(e) => {
            set('categoryId', e.target.value);
          }}
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
                  checked={fields.isRecurring === isRecurring}
                  onChange={() => {
                    set('isRecurring', isRecurring);
                  }}
                />
                {isRecurring ? copy.recurring : copy.specific}
              </label>
            ))}
          </div>
        </fieldset>
        {fields.isRecurring ? null : (
          <TextField
            label={copy.date}
            type="date"
            value={fields.specificDate}
            onChange={(e) => {
              set('specificDate', e.target.value);
            }}
          />
        )}
        {error ? <Notice tone="error">{error}</Notice> : null}
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

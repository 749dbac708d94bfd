import type { Habit } from '@habitquest/contracts/habits';
import { addDays, isLocalDate, type LocalDate } from '@habitquest/core/dates';
import { CalendarDays, Infinity as Forever, Pause } from 'lucide-react';
import { useId, useState, type SyntheticEvent } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { DialogActions } from '../../components/ui/DialogActions';
import { Notice } from '../../components/ui/Notice';
import { TextField } from '../../components/ui/TextField';
import { ApiError } from '../../lib/api';
import { restCopy as copy } from './copy';
import { DATE_FIELD } from './date-field';
import { usePauseHabit } from './mutations';

type Until = 'date' | 'resumed';

const OPTION_CLASS =
  'flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-slate-300 px-3 py-2.5 text-sm text-slate-800 has-[:checked]:border-sky-600 has-[:checked]:bg-sky-50 dark:border-slate-700 dark:text-slate-100 dark:has-[:checked]:border-sky-400 dark:has-[:checked]:bg-sky-400/10';

/**
 * Pause habit: from today, until a date (it comes back that day, tomorrow at the earliest) or
 * until the user resumes it. Saved through the outbox, so it works offline too.
 */
export function PauseHabitDialog({
  habit,
  today,
  onClose,
}: {
  habit: Habit;
  today: LocalDate;
  onClose: () => void;
}) {
  const pause = usePauseHabit();
  const tomorrow = addDays(today, 1);
  const [until, setUntil] = useState<Until>('date');
  const [resumesOn, setResumesOn] = useState<string>(addDays(today, 7));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const name = useId();

  const submit = async (event: SyntheticEvent): Promise<void> => {
    event.preventDefault();
    setFormError(null);
    if (until === 'date' && (!isLocalDate(resumesOn) || resumesOn < tomorrow)) {
      setFieldError(copy.resumeOnRequired);
      return;
    }
    setFieldError(null);
    try {
      await pause.mutateAsync({ habit, resumesOn: until === 'date' ? resumesOn : null });
      toast.success(copy.pausedToast(habit.title), { duration: 3000 });
      onClose();
    } catch (error) {
      setFormError(
        error instanceof ApiError && error.message && error.code !== 'INTERNAL'
          ? error.message
          : copy.pauseFailed,
      );
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={copy.pauseTitle}
      icon={<Pause aria-hidden className="size-5 text-sky-700 dark:text-sky-300" />}
      description={copy.pauseIntro(habit.title)}
    >
      <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">
            {copy.pauseUntil}
          </legend>
          {(
            [
              ['date', copy.untilDate, copy.untilDateHint, CalendarDays],
              ['resumed', copy.untilResumed, copy.untilResumedHint, Forever],
            ] as const
          ).map(([value, label, hint, Icon]) => (
            <label key={value} className={OPTION_CLASS}>
              <input
                type="radio"
                name={name}
                value={value}
                checked={until === value}
                onChange={() => {
                  setUntil(value);
                  setFieldError(null);
                }}
                className="mt-1"
              />
              <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-sky-700 dark:text-sky-300" />
              <span className="min-w-0">
                <span className="block font-semibold">{label}</span>
                <span className="block text-slate-600 dark:text-slate-300">{hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {until === 'date' ? (
          <TextField
            label={copy.resumeOn}
            type="date"
            className={DATE_FIELD}
            min={tomorrow}
            value={resumesOn}
            error={fieldError}
            onChange={(event) => {
              setResumesOn(event.target.value);
              setFieldError(null);
            }}
          />
        ) : null}
        {formError ? <Notice tone="error">{formError}</Notice> : null}
        <DialogActions>
          <Button variant="ghost" onClick={onClose}>
            {copy.cancel}
          </Button>
          <Button type="submit" disabled={pause.isPending}>
            <Pause aria-hidden className="size-4" />
            {pause.isPending ? copy.pausing : copy.confirmPause}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

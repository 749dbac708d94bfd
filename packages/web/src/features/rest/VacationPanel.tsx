import type { Vacation } from '@habitquest/contracts/rest';
import { addDays, daysBetween } from '@habitquest/core/dates';
import { useQuery } from '@tanstack/react-query';
import { Save, TreePalm, X } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { TextField } from '../../components/ui/TextField';
import { ApiError } from '../../lib/api';
import { meQuery } from '../me/queries';
import { Section } from '../settings/panels/parts';
import { useToday } from '../settings/use-today';
import { restCopy as copy } from './copy';
import { DATE_FIELD } from './date-field';
import { useSetVacation } from './mutations';
import { checkVacation, type VacationErrors as Errors } from './vacation-form';
import { vacationStatus } from './rest-facts';
import { vacationStateText } from './vacation-text';

/**
 * Vacation mode (Settings › Vacation): every habit rests from the first day to the last, both
 * included. Saving replaces the vacation now or ahead; 'End vacation' ends it today, 'Cancel
 * vacation' drops one ahead. Queued offline like the other settings.
 */
export function VacationPanel({ timeZone }: { timeZone: string }) {
  const today = useToday(timeZone);
  const vacation = useQuery(meQuery).data?.vacation ?? null;
  const status = vacationStatus(vacation, today);
  const save = useSetVacation();
  const [startsOn, setStartsOn] = useState<string>(vacation?.startsOn ?? today);
  const [endsOn, setEndsOn] = useState<string>(vacation?.endsOn ?? addDays(today, 6));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const checked = checkVacation(startsOn, endsOn, today);
  const days = checked.vacation ? daysBetween(startsOn, endsOn) + 1 : null;

  const send = async (next: Vacation | null, done: string): Promise<void> => {
    setFormError(null);
    try {
      await save.mutateAsync({ vacation: next });
      toast.success(done, { duration: 3000 });
    } catch (error) {
      setFormError(
        error instanceof ApiError && error.message && error.code !== 'INTERNAL'
          ? error.message
          : next
            ? copy.vacationFailed
            : copy.vacationEndFailed,
      );
    }
  };

  const onSubmit = (event: SyntheticEvent): void => {
    event.preventDefault();
    setErrors(checked.errors);
    if (checked.vacation) void send(checked.vacation, copy.vacationSaved);
  };

  return (
    <div className="flex flex-col gap-4">
      <Section title={copy.vacationHeading} description={copy.vacationIntro}>
        <p
          role="status"
          className="flex items-start gap-2 rounded-xl bg-sky-50 px-3 py-2 text-sm font-medium text-sky-950 dark:bg-sky-400/10 dark:text-sky-50"
        >
          <TreePalm aria-hidden className="mt-0.5 size-4 shrink-0" />
          {vacationStateText(vacation, today)}
        </p>
        <form className="mt-4 flex flex-col gap-3" onSubmit={onSubmit} noValidate>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={copy.vacationStarts}
              type="date"
              className={DATE_FIELD}
              value={startsOn}
              error={errors.startsOn}
              onChange={(event) => {
                setStartsOn(event.target.value);
                setErrors({});
              }}
            />
            <TextField
              label={copy.vacationEnds}
              type="date"
              className={DATE_FIELD}
              min={startsOn > today ? startsOn : today}
              value={endsOn}
              error={errors.endsOn}
              hint={days === null ? undefined : copy.vacationDays(days)}
              onChange={(event) => {
                setEndsOn(event.target.value);
                setErrors({});
              }}
            />
          </div>
          {formError ? <Notice tone="error">{formError}</Notice> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {status !== 'none' ? (
              <Button
                variant="secondary"
                disabled={save.isPending}
                onClick={() => {
                  void send(null, status === 'now' ? copy.vacationEnded : copy.vacationCancelled);
                }}
              >
                <X aria-hidden className="size-4" />
                {status === 'now' ? copy.endVacation : copy.cancelVacation}
              </Button>
            ) : null}
            <Button type="submit" disabled={save.isPending}>
              <Save aria-hidden className="size-4" />
              {save.isPending ? copy.saving : copy.save}
            </Button>
          </div>
        </form>
      </Section>
    </div>
  );
}

import type { Me } from '@habitquest/contracts/me';
import type { LocalDate } from '@habitquest/core/dates';
import { Settings, TreePalm } from 'lucide-react';
import { Suspense, useState } from 'react';
import { lazyDialog } from '../../app/lazy-part';
import { cx } from '../../components/ui/cx';
import { restCopy as copy } from './copy';
import { vacationStatus } from './rest-facts';
import { vacationDay } from './vacation-text';

// The same chunk the hero's Settings button loads, opened on the vacation tab.
const SettingsDialog = lazyDialog(
  () => import('../settings/SettingsDialog'),
  (m) => m.SettingsDialog,
);

/**
 * The dashboard's word on vacation mode: a banner while today is a vacation day, a quieter line
 * while one is planned, nothing otherwise; each with the way to its settings. The settings it
 * opens stay open when the vacation ends there (the banner goes, the dialog does not).
 */
export function VacationNotice({ me, today }: { me: Me; today: LocalDate }) {
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  const { vacation } = me;
  const status = vacationStatus(vacation, today);
  const isNow = status === 'now';
  return (
    <>
      {vacation && status !== 'none' ? (
        <div
          role="status"
          data-vacation={status}
          className={cx(
            'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-3xl px-4 py-3 sm:px-5',
            isNow
              ? 'border border-sky-200 bg-gradient-to-r from-sky-50 to-cyan-50 text-sky-950 shadow-sm dark:border-sky-800 dark:from-sky-950 dark:to-cyan-950 dark:text-sky-50'
              : 'border border-dashed border-slate-300 bg-white text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200',
          )}
        >
          <span
            aria-hidden
            className={cx(
              'grid size-9 shrink-0 place-items-center rounded-full',
              isNow
                ? 'bg-sky-600 text-white dark:bg-sky-400 dark:text-slate-950'
                : 'bg-slate-100 text-sky-700 dark:bg-slate-800 dark:text-sky-300',
            )}
          >
            <TreePalm className="size-5" />
          </span>
          <p className={cx('min-w-48 flex-1 text-sm', isNow && 'font-medium')}>
            {isNow
              ? copy.bannerNow(vacationDay(vacation.endsOn, today))
              : copy.bannerAhead(vacationDay(vacation.startsOn, today))}
          </p>
          <button
            type="button"
            onClick={() => {
              setIsSettingsOpen(true);
            }}
            className="ml-auto inline-flex min-h-10 items-center gap-1.5 rounded-xl px-3 text-sm font-semibold text-sky-800 underline-offset-4 transition hover:bg-sky-100 hover:underline dark:text-sky-200 dark:hover:bg-sky-400/10"
          >
            <Settings aria-hidden className="size-4" />
            {copy.bannerSettings}
          </button>
        </div>
      ) : null}
      {isSettingsOpen ? (
        <Suspense fallback={null}>
          <SettingsDialog
            settings={me.settings}
            initialTab="vacation"
            onClose={() => {
              setIsSettingsOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

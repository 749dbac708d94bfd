import { appCopy as copy } from '../../app/copy';

/**
 * The first thing Tab reaches on the dashboard, shown only while focused: it moves the focus to
 * the habits, past the header, the figures and the calendar.
 */
export function SkipLink() {
  return (
    <a
      href="#habits-heading"
      onClick={(event) => {
        const section = document.getElementById('habits-heading')?.closest('section');
        if (!section) return;
        event.preventDefault();
        section.tabIndex = -1;
        section.focus({ preventScroll: true });
        section.scrollIntoView({ block: 'start' });
      }}
      className="sr-only z-[60] rounded-xl bg-white focus:px-4 focus:py-2 font-semibold text-slate-900 shadow-lg ring-2 ring-indigo-500 focus:not-sr-only focus:fixed focus:left-3 focus:top-3 dark:bg-slate-900 dark:text-white"
    >
      {copy.skipToHabits}
    </a>
  );
}

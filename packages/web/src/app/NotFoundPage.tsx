import { Compass } from 'lucide-react';
import { useEffect } from 'react';
import { appCopy as copy } from './copy';
import { Link } from '../lib/router';

/** Any address that is not a page of HabitQuest: says so, with the way to the dashboard. */
export function NotFoundPage() {
  useEffect(() => {
    const before = document.title;
    document.title = `${copy.notFoundTitle} · HabitQuest`;
    return () => {
      document.title = before;
    };
  }, []);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 px-6 text-center dark:bg-slate-950">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br from-indigo-500 to-emerald-500 text-white shadow-lg">
        <Compass aria-hidden className="size-7" />
      </span>
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{copy.notFoundTitle}</h1>
      <p className="max-w-md text-slate-600 dark:text-slate-300">{copy.notFoundText}</p>
      <Link
        href="/"
        className="bg-accent-gradient inline-flex min-h-10 items-center justify-center rounded-xl px-5 py-2 text-sm font-semibold shadow-md shadow-indigo-500/20 hover:brightness-110"
      >
        {copy.openDashboard}
      </Link>
    </main>
  );
}

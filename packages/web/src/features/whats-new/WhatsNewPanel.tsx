import {
  CalendarClock,
  ChartColumn,
  Flame,
  Mail,
  ShoppingBag,
  Sparkles,
  Target,
} from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { whatsNewCopy as copy } from './copy';
import { feedbackMailto } from './feedback';
import { aboutQuery } from '../about/queries';

const ICONS = [Sparkles, CalendarClock, ChartColumn, Target, Flame, ShoppingBag] as const;

/** What's New (docs/product.md): the six latest improvements and 'Send Feedback' (a prefilled mail). */
export function WhatsNewPanel({ isPro }: { isPro: boolean }) {
  const { data: about } = useQuery(aboutQuery);
  // Until the server has named the address, the link is there but inert.
  const href = about
    ? feedbackMailto({
        to: about.feedbackEmail,
        version: about.version,
        browser: navigator.userAgent,
      })
    : undefined;
  return (
    <section
      aria-labelledby="whats-new-heading"
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="whats-new-heading" className="text-xl font-bold text-slate-900 dark:text-white">
            {copy.heading}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">{copy.intro}</p>
        </div>
        <a
          href={href}
          aria-disabled={href === undefined ? true : undefined}
          aria-describedby="feedback-hint"
          className="inline-flex min-h-10 items-center gap-2 rounded-xl border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          <Mail aria-hidden className="size-4" />
          {copy.sendFeedback}
        </a>
        <p id="feedback-hint" className="sr-only">
          {copy.feedbackHint}
        </p>
      </div>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {copy.items.map((item, index) => {
          const Icon = ICONS[index] ?? Sparkles;
          return (
            <li
              key={item.title}
              className="flex items-start gap-3 rounded-2xl bg-slate-50 p-3 dark:bg-slate-800/60"
            >
              <span className="bg-accent-gradient inline-flex size-9 shrink-0 items-center justify-center rounded-xl">
                <Icon aria-hidden className="size-4" />
              </span>
              <span>
                <span className="block text-sm font-semibold text-slate-900 dark:text-white">
                  {item.title}
                </span>
                <span className="text-sm text-slate-600 dark:text-slate-300">{item.text}</span>
              </span>
            </li>
          );
        })}
      </ul>
      {isPro ? null : (
        <p className="mt-3 text-xs text-slate-600 dark:text-slate-300">{copy.proNote}</p>
      )}
    </section>
  );
}

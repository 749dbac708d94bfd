import { levelProgress, pointsForXp } from '@habitquest/core/levels';
import {
  CalendarDays,
  Flame,
  Gift,
  Repeat,
  Target,
  Trophy,
  BellRing,
  CheckCircle2,
  Circle,
  type LucideIcon,
} from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { appCopy } from '../../app/copy';
import { navigate } from '../../lib/router';
import { Button } from '../../components/ui/Button';
import { requestAuth, type AuthMode } from '../auth/auth-flags';
import { sessionQuery } from '../auth/queries';
import { landingCopy as copy } from './copy';
import { ProgressBar } from '../../components/ui/ProgressBar';

function startAuth(mode: AuthMode): void {
  requestAuth(mode);
  navigate('/');
}

const FEATURE_ICONS: LucideIcon[] = [Repeat, Trophy, Gift, CalendarDays, Target, BellRing];

/** The preview card shows the real level rule of core for a sample adventurer with 820 XP. */
const SAMPLE_XP = 820;

function openDashboard(): void {
  navigate('/');
}

export function LandingPage() {
  // A signed-in visitor is offered the dashboard, not a sign-in they do not need.
  const session = useQuery(sessionQuery);
  const isSignedIn = Boolean(session.data);
  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="mx-auto flex max-w-6xl items-center gap-3 px-5 py-5">
        <img src="/favicon.svg" alt="" className="size-9" />
        <span className="text-lg font-bold tracking-tight">{copy.productName}</span>
        <Button
          variant="ghost"
          className="ml-auto"
          onClick={() => {
            if (isSignedIn) openDashboard();
            else startAuth('signin');
          }}
        >
          {isSignedIn ? appCopy.openDashboard : copy.signIn}
        </Button>
      </header>
      <main className="mx-auto max-w-6xl px-5 pb-16">
        <section className="grid items-center gap-10 py-8 md:grid-cols-[1.2fr_1fr] md:py-16">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-indigo-700 dark:text-indigo-300">
              {copy.tagline}
            </p>
            <h1 className="mt-4 text-4xl font-extrabold leading-tight tracking-tight text-balance sm:text-5xl">
              {copy.headline}
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600 dark:text-slate-300">
              {copy.intro}
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              {isSignedIn ? (
                <Button className="px-6 py-3 text-base" onClick={openDashboard}>
                  {appCopy.openDashboard}
                </Button>
              ) : (
                <>
                  <Button
                    className="px-6 py-3 text-base"
                    onClick={() => {
                      startAuth('signup');
                    }}
                  >
                    {copy.createAccount}
                  </Button>
                  <Button
                    variant="secondary"
                    className="px-6 py-3 text-base"
                    onClick={() => {
                      startAuth('signin');
                    }}
                  >
                    {copy.signIn}
                  </Button>
                </>
              )}
            </div>
          </div>
          <AdventurerPreview />
        </section>
        <section aria-labelledby="features-heading">
          <h2 id="features-heading" className="sr-only">
            Features
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {copy.features.map((feature, index) => {
              const Icon = FEATURE_ICONS[index] ?? Target;
              return (
                <li
                  key={feature.title}
                  className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
                >
                  <span className="inline-flex size-10 items-center justify-center rounded-xl bg-gradient-to-br from-indigo-500 to-emerald-500 text-white">
                    <Icon aria-hidden className="size-5" />
                  </span>
                  <h3 className="mt-4 font-semibold">{feature.title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-slate-600 dark:text-slate-300">
                    {feature.text}
                  </p>
                </li>
              );
            })}
          </ul>
        </section>
        <p className="mt-12 text-center text-sm text-slate-600 dark:text-slate-400">
          {copy.selfHosted}
        </p>
      </main>
    </div>
  );
}

function AdventurerPreview() {
  const progress = levelProgress(SAMPLE_XP);
  return (
    <figure
      aria-label="Example adventurer card"
      className="rounded-3xl bg-gradient-to-br from-indigo-600 via-violet-600 to-emerald-500 p-1 shadow-xl shadow-indigo-500/20"
    >
      <div className="rounded-[1.35rem] bg-white p-6 dark:bg-slate-900">
        <div className="flex items-center justify-between">
          <span className="text-sm font-medium text-slate-600 dark:text-slate-300">
            {copy.previewTitle}
          </span>
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
            <Flame aria-hidden className="size-4" /> 12
          </span>
        </div>
        <p className="mt-3 text-3xl font-extrabold">Level {progress.level}</p>
        <ProgressBar
          value={progress.percent}
          label="Progress to the next level"
          size="md"
          className="mt-3"
          barClassName="bg-gradient-to-r from-indigo-500 to-emerald-500"
        />
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {progress.xpToNextLevel} XP to level {progress.level + 1} · {pointsForXp(SAMPLE_XP)} pts
        </p>
        <ul className="mt-5 space-y-2">
          {copy.previewHabits.map((habit, index) => (
            <li
              key={habit}
              className="flex items-center gap-3 rounded-xl border border-slate-200 px-3 py-2 text-sm dark:border-slate-800"
            >
              {index < 2 ? (
                <CheckCircle2
                  aria-hidden
                  className="size-5 text-emerald-600 dark:text-emerald-400"
                />
              ) : (
                <Circle aria-hidden className="size-5 text-slate-400" />
              )}
              <span className="flex-1">{habit}</span>
              <span className="font-medium text-indigo-700 dark:text-indigo-300">+10 XP</span>
            </li>
          ))}
        </ul>
      </div>
    </figure>
  );
}

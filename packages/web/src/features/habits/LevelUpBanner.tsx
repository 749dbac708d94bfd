import { Sparkles, Trophy, X } from 'lucide-react';
import { habitsCopy as copy } from './copy';
import { dismissLevelUp, useLevelUp } from './level-up';

const SPARKS = [
  { left: '12%', delay: '0ms' },
  { left: '30%', delay: '180ms' },
  { left: '70%', delay: '90ms' },
  { left: '88%', delay: '260ms' },
];

/**
 * 'Level Up!' with the new level, under the header so it hides neither the username nor the
 * page's buttons for long; it pops in and glows unless the user prefers reduced motion. The sparks
 * rise behind the trophy and the words (both positioned after them), never over the text.
 */
export function LevelUpBanner() {
  const level = useLevelUp();
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-20 z-40 flex justify-center px-4"
    >
      {level === null ? null : (
        // A tap anywhere on it puts it away, so it never stands between the user and the hero's
        // buttons; the close button is the way for keyboards and screen readers.
        <div
          key={level}
          onClick={dismissLevelUp}
          className="bg-accent-gradient pointer-events-auto relative cursor-pointer flex w-full max-w-md animate-level-pop items-center gap-4 overflow-hidden rounded-3xl px-5 py-4 shadow-2xl shadow-indigo-900/30 ring-1 ring-white/25 motion-reduce:animate-none"
        >
          {SPARKS.map((spark) => (
            <Sparkles
              key={spark.left}
              aria-hidden
              className="absolute bottom-2 size-4 animate-level-rise text-yellow-200 motion-reduce:hidden"
              style={{ left: spark.left, animationDelay: spark.delay }}
            />
          ))}
          <span className="relative grid size-14 shrink-0 animate-level-glow place-items-center rounded-2xl bg-yellow-300 text-amber-950 shadow-lg motion-reduce:animate-none">
            <span className="flex flex-col items-center leading-none">
              <Trophy aria-hidden className="size-5" />
              <span className="mt-0.5 text-lg font-black tabular-nums">{level}</span>
            </span>
          </span>
          <span className="relative min-w-0 flex-1">
            <span className="block text-xs font-bold uppercase tracking-[0.2em] opacity-90">
              {copy.levelUp}
            </span>
            <span className="block text-xl font-extrabold">{copy.levelReached(level)}</span>
            <span className="block text-sm opacity-90">{copy.levelUpCheer}</span>
          </span>
          <button
            type="button"
            aria-label={copy.dismiss}
            onClick={dismissLevelUp}
            className="relative shrink-0 self-start rounded-full p-1.5 transition hover:bg-white/20"
          >
            <X aria-hidden className="size-4" />
          </button>
        </div>
      )}
    </div>
  );
}

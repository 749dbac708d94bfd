/**
 * A category's icon, from its name (docs/product.md, "Goal Tracker"): the seven default categories
 * and the other usual ones (learning, hobbies, home) each have their own; the fallback category a
 * folder, and any other name a tag. Drawn in the category's colour; decorative.
 */
import {
  Briefcase,
  Flower2,
  Folder,
  Gamepad2,
  GraduationCap,
  HeartPulse,
  House,
  Palette,
  Sprout,
  Tag,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

/** First match wins, on the lowercased name's word starts: "HEALTH & FITNESS" → health. */
const BY_WORD: readonly [RegExp, LucideIcon][] = [
  [/\b(health|fitness|sport|exercise)/, HeartPulse],
  [/\b(learn|educat|study|school)/, GraduationCap],
  [/\b(career|work|job|business)/, Briefcase],
  [/\b(relationship|family|friend|social)/, Users],
  [/\b(personal|develop|growth|self)/, Sprout],
  [/\b(financ|money|saving|budget)/, Wallet],
  [/\b(hobb|fun|game|play)/, Gamepad2],
  [/\b(home|environment|house|chore)/, House],
  [/\b(spiritual|mindful|meditat|faith)/, Flower2],
  [/\b(creativ|art|music|writ)/, Palette],
];

export function categoryIcon(name: string, isFallback = false): LucideIcon {
  if (isFallback) return Folder;
  const lower = name.toLowerCase();
  return BY_WORD.find(([pattern]) => pattern.test(lower))?.[1] ?? Tag;
}

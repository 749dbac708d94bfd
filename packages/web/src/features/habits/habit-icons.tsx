/**
 * A habit's icon (docs/product.md, "Habits"): a name from the list below, chosen in the habit
 * dialog and drawn on its card in the habit's colour; `target` when none was chosen. An icon
 * that is not a name here (an emoji from an import or the API) is drawn as it is; a name this
 * app does not know falls back to the target.
 */
import type { Frequency } from '@habitquest/core/periods';
import {
  Bed,
  Bike,
  BookOpen,
  Brain,
  CalendarClock,
  CalendarDays,
  CalendarRange,
  Code,
  Droplet,
  Dumbbell,
  Flower2,
  Footprints,
  GraduationCap,
  HeartPulse,
  House,
  Languages,
  Leaf,
  Music,
  Palette,
  PenLine,
  Pill,
  Salad,
  Smile,
  Sun,
  Sunrise,
  Target,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../../components/ui/cx';
import { emojiPresentation } from '../../lib/emoji';

/** The icons a habit can take, the default first; each `name` is what the server stores. */
export const HABIT_ICONS: readonly { name: string; label: string; Icon: LucideIcon }[] = [
  { name: 'target', label: 'Target', Icon: Target },
  { name: 'dumbbell', label: 'Workout', Icon: Dumbbell },
  { name: 'footprints', label: 'Walk', Icon: Footprints },
  { name: 'bike', label: 'Ride', Icon: Bike },
  { name: 'heart-pulse', label: 'Health', Icon: HeartPulse },
  { name: 'droplet', label: 'Water', Icon: Droplet },
  { name: 'salad', label: 'Eat well', Icon: Salad },
  { name: 'pill', label: 'Medicine', Icon: Pill },
  { name: 'bed', label: 'Sleep', Icon: Bed },
  { name: 'sunrise', label: 'Morning', Icon: Sunrise },
  { name: 'brain', label: 'Mind', Icon: Brain },
  { name: 'flower', label: 'Meditate', Icon: Flower2 },
  { name: 'book-open', label: 'Read', Icon: BookOpen },
  { name: 'graduation-cap', label: 'Study', Icon: GraduationCap },
  { name: 'languages', label: 'Language', Icon: Languages },
  { name: 'pen-line', label: 'Write', Icon: PenLine },
  { name: 'code', label: 'Code', Icon: Code },
  { name: 'music', label: 'Music', Icon: Music },
  { name: 'palette', label: 'Art', Icon: Palette },
  { name: 'leaf', label: 'Nature', Icon: Leaf },
  { name: 'wallet', label: 'Money', Icon: Wallet },
  { name: 'house', label: 'Home', Icon: House },
  { name: 'users', label: 'People', Icon: Users },
  { name: 'smile', label: 'Joy', Icon: Smile },
];

const BY_NAME = new Map(HABIT_ICONS.map((icon) => [icon.name, icon]));
/** An icon name's shape: anything else (an emoji, a word in another script) is drawn as text. */
const NAME = /^[a-z0-9-]+$/;

export function isKnownIcon(icon: string): boolean {
  return BY_NAME.has(icon);
}

/** The icon drawn, decorative (the title beside it says what the habit is). */
export function HabitIcon({ icon, className }: { icon: string; className?: string }) {
  const known = BY_NAME.get(icon);
  if (!known && !NAME.test(icon)) {
    return (
      <span aria-hidden className={cx('leading-none', className)}>
        {emojiPresentation(icon)}
      </span>
    );
  }
  const { Icon } = known ?? { Icon: Target };
  return <Icon aria-hidden className={className} />;
}

/**
 * A decorative tile in a colour: tinted behind, full on what it holds, which reads on light and
 * dark alike (a habit's icon, a category's on its goal card). Sized by `className`.
 */
export function ColorTile({
  color,
  className,
  children,
  ...data
}: {
  color: string;
  className?: string;
  children: ReactNode;
  'data-icon'?: string;
}) {
  return (
    <span
      aria-hidden
      {...data}
      className={cx('grid shrink-0 place-items-center', className)}
      style={{ color, backgroundColor: `${color}1f` }}
    >
      {children}
    </span>
  );
}

/** A habit's icon on its tile, sized by `className` (the tile) and `iconClassName`. */
export function HabitIconTile({
  icon,
  color,
  className,
  iconClassName,
}: {
  icon: string;
  color: string;
  className?: string;
  iconClassName?: string;
}) {
  return (
    <ColorTile color={color} className={className} data-icon={icon}>
      <HabitIcon icon={icon} className={iconClassName} />
    </ColorTile>
  );
}

/** Each frequency's icon, beside its name on the tabs and the card. */
export const FREQUENCY_ICONS: Record<Frequency, LucideIcon> = {
  daily: Sun,
  weekly: CalendarDays,
  monthly: CalendarRange,
  yearly: CalendarClock,
};

/** Every string of the Analytics Dashboard (docs/product.md "Analytics Dashboard modal"). */
import { analyticsLaunchCopy } from './launch-copy';
import { formatDate, formatNumber } from '../../lib/format';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const number = formatNumber;
const signed = (value: number): string => (value > 0 ? `+${number(value)}` : number(value));

export const analyticsCopy = {
  ...analyticsLaunchCopy,
  title: 'Analytics Dashboard',
  tabsLabel: 'Analytics views',
  tabs: { overview: 'Overview', monthly: 'Monthly', weekly: 'Weekly', daily: 'Daily' },
  monthName: (month: number) => MONTH_NAMES[month - 1] ?? '',
  shortMonth: (month: number) => (MONTH_NAMES[month - 1] ?? '').slice(0, 3),
  monthYear: (year: number, month: number) => `${MONTH_NAMES[month - 1] ?? ''} ${year}`,
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  number,
  percent: (value: number) => `${value}%`,
  xp: (value: number) => `${number(value)} XP`,
  pts: (value: number) => `${number(value)} ${Math.abs(value) === 1 ? 'pt' : 'pts'}`,
  /** A figure with nothing to give (no best month, no rate of a day with nothing due). */
  none: '–',
  loading: 'Loading analytics…',
  loadFailed: 'Could not load these analytics.',
  retry: 'Try again',
  // Overview
  totalXpAllTime: 'Total XP (all time)',
  xpInYear: (year: number, isCurrent: boolean) => (isCurrent ? 'XP this year' : `XP in ${year}`),
  completionsInYear: (year: number, isCurrent: boolean) =>
    isCurrent ? 'Completions this year' : `Completions in ${year}`,
  bestMonth: 'Best month',
  bestMonthValue: (month: number, xp: number) =>
    `${MONTH_NAMES[month - 1] ?? ''} · ${number(xp)} XP`,
  averageCompletionRate: 'Average completion rate',
  monthlyXpChart: (year: number) => `Monthly XP in ${year}`,
  month: 'Month',
  completionsColumn: 'Completions',
  xpColumn: 'XP',
  rewardShop: 'Reward Shop',
  previousMonthShop: (month: number) => `Last month (${MONTH_NAMES[month - 1] ?? ''})`,
  /** A past year's shop months are named with their year: 'December 2024'. */
  pastMonthShop: (year: number, month: number) => `${MONTH_NAMES[month - 1] ?? ''} ${year}`,
  noDataTitle: 'No data yet',
  noDataText: (year: number, isCurrent: boolean) =>
    isCurrent
      ? 'Complete a habit and its XP shows up here, month by month.'
      : `Nothing was completed in ${year}.`,
  thisMonthShop: (month: number) => `This month (${MONTH_NAMES[month - 1] ?? ''})`,
  itemsRedeemed: 'Items redeemed',
  pointsSpent: 'Points spent',
  // Monthly
  completions: 'Completions',
  xpEarned: 'XP earned',
  completionRate: 'Completion rate',
  averageDailyXp: 'Average daily XP',
  dailyProgress: 'Daily progress',
  date: 'Date',
  done: 'Done',
  rate: 'Rate',
  dayRate: (completed: number, total: number, rate: number) =>
    total === 0 ? 'Nothing scheduled' : `${completed}/${total} · ${rate}%`,
  future: 'Upcoming',
  monthlyBands: {
    excellent: '80% or more',
    good: '60–79%',
    fair: '40–59%',
    low: '1–39%',
    none: 'None',
  },
  categoryPerformance: 'Category performance',
  noCategories: 'No categories yet.',
  // A category with nothing due in the month has no rate (not a failing 0 %).
  categoryRate: (rate: number, completed: number, total: number) =>
    total === 0 ? 'Nothing due this month' : `${rate}% complete · ${completed}/${total}`,
  targetProgress: (xp: number, target: number) => `${number(xp)} / ${number(target)} XP target`,
  targetLabel: (name: string) => `${name}: progress toward the monthly XP target`,
  targetMet: 'Target met',
  // Weekly
  previousWeek: 'Previous week',
  thisWeek: 'This week',
  weekRange: (start: string, end: string) => `${start} – ${end}`,
  improvement: 'Improvement',
  completionsDelta: (value: number) => `${signed(value)} completions`,
  xpDelta: (value: number) => `${signed(value)} XP`,
  percentDelta: (value: number | null) =>
    value === null
      ? 'No completions the week before to compare with'
      : `${signed(value)}% vs last week`,
  sevenDays: 'This week, day by day',
  weeklyBands: { green: '70% or more', amber: '40–69%', red: 'Below 40%' },
  // Daily
  todaysRate: "Today's completion rate",
  habitsDone: 'Habits done',
  totalHabits: 'Total habits',
  streaks: 'Streaks',
  noHabitsToday: 'No habits scheduled for today.',
  streakCurrent: (n: number) => `${n} current`,
  streakBest: (n: number) => `Best ${n}`,
  frequency: { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly', yearly: 'Yearly' },
  /** Done in the period that holds today: a weekly habit done on Monday is done this week. */
  doneInPeriod: {
    daily: 'Done today',
    weekly: 'Done this week',
    monthly: 'Done this month',
    yearly: 'Done this year',
  },
  notDoneToday: 'Not done yet',
  // Locked (free users)
  unlockTitle: 'Unlock Full Analytics',
  unlockText:
    'See your monthly XP, completion trends, category targets and streaks across months and years with HabitQuest Pro.',
  upgradeToPro: 'Upgrade to Pro',
} as const;

/** 'Jun 14' for a LocalDate, read as a calendar date (no time zone shift). */
export function shortDate(date: string): string {
  return formatDate(date, 'monthDay');
}

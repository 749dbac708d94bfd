import type { Category } from '@habitquest/contracts/categories';
import type { CompletionEntry } from '@habitquest/contracts/completion-columns';
import type { Habit } from '@habitquest/contracts/habits';
import type { LocalDate } from '@habitquest/core/dates';
import { useQuery } from '@tanstack/react-query';
import { memo, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { cx } from '../../components/ui/cx';
import { useLimitGate } from '../pro/limits';
import { CategoryGoalCard } from './CategoryGoalCard';
import { goalsCopy as copy } from './copy';
import { categoryGoals, uncategorizedHabits } from './goal-model';
import { GoalList } from './GoalList';
import { GoalTrackerHeader } from './GoalTrackerHeader';
import { useDeleteCategory, useUpdateCategoryTarget } from './mutations';
import { categoriesQuery } from './queries';
import { lazyDialog } from '../../app/lazy-part';
import { formatDate } from '../../lib/format';
import { useFocusAfterRemoval } from '../../lib/use-focus-after-removal';

// The dialogs are rarely opened, so they load on first use and stay out of the initial bundle.
const CreateCategoryDialog = lazyDialog(
  () => import('./CreateCategoryDialog'),
  (m) => m.CreateCategoryDialog,
);
const DeleteCategoryDialog = lazyDialog(
  () => import('./DeleteCategoryDialog'),
  (m) => m.DeleteCategoryDialog,
);
const UncategorizedDialog = lazyDialog(
  () => import('./UncategorizedDialog'),
  (m) => m.UncategorizedDialog,
);

type OpenDialog =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'delete'; category: Category }
  | { kind: 'uncategorized' };

function monthLabel(today: LocalDate): string {
  return formatDate(today, 'monthYear');
}

/** Goal Tracker by Category (docs/product.md): each category's XP this month against its target. */
export const GoalTracker = memo(function GoalTracker({
  className,
  habits,
  completions,
  today,
  onEditHabit,
}: {
  className?: string;
  habits: Habit[];
  completions: CompletionEntry[] /* the current month's */;
  today: LocalDate;
  onEditHabit: (habit: Habit) => void;
}) {
  const categories = useQuery(categoriesQuery);
  const updateTarget = useUpdateCategoryTarget();
  const deleteCategory = useDeleteCategory();
  const [dialog, setDialog] = useState<OpenDialog>({ kind: 'none' });
  const guard = useLimitGate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const list = useMemo(() => categories.data ?? [], [categories.data]);
  const goals = useMemo(
    () => categoryGoals({ categories: list, habits, completions, today }),
    [list, habits, completions, today],
  );
  const loose = useMemo(() => uncategorizedHabits(habits, list), [habits, list]);
  const monthXp = goals.reduce((sum, goal) => sum + goal.progress.xp, 0);
  const metCount = goals.filter((goal) => goal.progress.isMet).length;

  // Radix returns focus to a Dialog.Trigger, which these dialogs have none of: do it here.
  useEffect(() => {
    if (dialog.kind !== 'none') return;
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target) (target.isConnected ? target : headingRef.current)?.focus();
  }, [dialog.kind]);

  // The focus was in a card being deleted: when the card goes, it moves to the section's heading.
  const removing = useFocusAfterRemoval(list, () => headingRef.current);

  const openDialog = (next: OpenDialog): void => {
    returnFocus.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialog(next);
  };
  const close = (open: boolean): void => {
    if (!open) setDialog({ kind: 'none' });
  };

  return (
    <section
      aria-labelledby="goals-heading"
      className={cx(
        '@container min-w-0 rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
    >
      <GoalTrackerHeader
        headingRef={headingRef}
        month={monthLabel(today)}
        summary={goals.length > 0 ? copy.summary(monthXp, metCount, goals.length) : null}
        uncategorizedCount={loose.length}
        onAdd={() => {
          guard('categories', () => {
            openDialog({ kind: 'create' });
          });
        }}
        onOpenUncategorized={() => {
          openDialog({ kind: 'uncategorized' });
        }}
      />

      <GoalList
        state={categories.isPending ? 'loading' : categories.isError ? 'error' : 'ready'}
        goals={goals}
        onRetry={() => void categories.refetch()}
        renderGoal={(goal) => (
          <CategoryGoalCard
            key={goal.category.id}
            goal={goal}
            onTargetChange={(monthlyTargetXp) => {
              updateTarget.mutate({ id: goal.category.id, monthlyTargetXp });
            }}
            onDelete={() => {
              openDialog({ kind: 'delete', category: goal.category });
            }}
          />
        )}
      />

      <Suspense fallback={null}>
        {dialog.kind === 'create' ? <CreateCategoryDialog onOpenChange={close} /> : null}
        {dialog.kind === 'delete' ? (
          <DeleteCategoryDialog
            category={dialog.category}
            // Counted from the habits as they are now, not when the dialog opened: a list still
            // being refreshed (after a reload, or a change in another tab) moves it.
            habitCount={
              goals.find((goal) => goal.category.id === dialog.category.id)?.habitCount ?? 0
            }
            onOpenChange={close}
            onConfirm={() => {
              // The card, and the delete button that opened this, go once the change is stored
              // (a moment later): then the heading takes the focus.
              returnFocus.current = null;
              removing(dialog.category.id);
              deleteCategory.mutate(dialog.category);
              setDialog({ kind: 'none' });
            }}
          />
        ) : null}
        {dialog.kind === 'uncategorized' ? (
          <UncategorizedDialog
            habits={loose}
            categories={list}
            onOpenChange={close}
            onEditHabit={onEditHabit}
          />
        ) : null}
      </Suspense>
    </section>
  );
});

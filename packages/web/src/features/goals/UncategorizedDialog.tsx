import type { Category } from '@habitquest/contracts/categories';
import type { Habit } from '@habitquest/contracts/habits';
import { ChevronDown, FolderInput, Inbox, Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { cx } from '../../components/ui/cx';
import { goalsCopy as copy } from './copy';
import { useMoveHabit } from './mutations';

/** Uncategorized Habits (docs/product.md): each habit with Edit and a 'Move to category' list. */
export function UncategorizedDialog({
  habits,
  categories,
  onOpenChange,
  onEditHabit,
}: {
  habits: readonly Habit[];
  categories: readonly Category[];
  onOpenChange: (open: boolean) => void;
  onEditHabit: (habit: Habit) => void;
}) {
  const move = useMoveHabit();
  const targets = categories.filter((category) => !category.isFallback);
  const edit = (habit: Habit): void => {
    // The edit dialog opens alone, rather than stacked on this one.
    onOpenChange(false);
    onEditHabit(habit);
  };
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={copy.uncategorizedTitle}
      description={copy.uncategorizedIntro}
      className="max-w-lg"
    >
      {habits.length === 0 ? (
        <p className="flex flex-col items-center gap-2 rounded-2xl bg-slate-50 px-4 py-8 text-center text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
          <Inbox aria-hidden className="size-6 text-slate-500 dark:text-slate-400" />
          {copy.uncategorizedEmpty}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {habits.map((habit) => (
            <HabitItem
              key={habit.id}
              habit={habit}
              targets={targets}
              onMove={(category) => {
                move.mutate({ habit, category });
              }}
              onEdit={edit}
            />
          ))}
        </ul>
      )}
    </Dialog>
  );
}

function HabitItem({
  habit,
  targets,
  onMove,
  onEdit,
}: {
  habit: Habit;
  targets: readonly Category[];
  onMove: (category: Category) => void;
  onEdit: (habit: Habit) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  const chip =
    'rounded-full bg-slate-100 px-2.5 py-1 font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200';
  return (
    <li className="rounded-2xl border border-slate-200 p-4 dark:border-slate-800">
      <div className="min-w-0">
        <h3 className="font-semibold text-slate-900 wrap-anywhere dark:text-white">
          {habit.title}
        </h3>
        <p className="mt-0.5 text-sm text-slate-600 wrap-anywhere dark:text-slate-300">
          {habit.description ?? copy.noDescription}
        </p>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-xs">
        <span className={chip}>{copy.frequency[habit.frequency]}</span>
        <span className={chip}>{copy.xp(habit.xpOnComplete)}</span>
        <span className="ml-auto flex gap-2">
          <Button
            variant="secondary"
            aria-label={copy.editHabit(habit.title)}
            onClick={() => {
              onEdit(habit);
            }}
          >
            <Pencil aria-hidden className="size-4" />
            {copy.edit}
          </Button>
          <Button
            variant="secondary"
            aria-expanded={isOpen}
            {...(isOpen ? { 'aria-controls': listId } : {})}
            onClick={() => {
              setIsOpen((open) => !open);
            }}
          >
            <FolderInput aria-hidden className="size-4" />
            {copy.moveToCategory}
            <ChevronDown
              aria-hidden
              className={cx('size-4 transition-transform', isOpen && 'rotate-180')}
            />
          </Button>
        </span>
      </div>
      {isOpen ? (
        targets.length === 0 ? (
          <p id={listId} className="mt-3 text-sm text-slate-600 dark:text-slate-300">
            {copy.noOtherCategories}
          </p>
        ) : (
          <ul
            id={listId}
            aria-label={copy.moveOptions(habit.title)}
            className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2"
          >
            {targets.map((category) => (
              <li key={category.id} className="min-w-0">
                <button
                  type="button"
                  onClick={() => {
                    onMove(category);
                  }}
                  title={category.name}
                  className="flex min-h-10 w-full min-w-0 items-center gap-2 rounded-xl border border-slate-200 px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-800 transition hover:border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800"
                >
                  <span
                    aria-hidden
                    className="size-2.5 shrink-0 rounded-full"
                    style={{ backgroundColor: category.color }}
                  />
                  <span className="min-w-0 wrap-anywhere">{category.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </li>
  );
}

import type { Category } from '@habitquest/contracts/categories';
import { FolderInput, History, Sparkles } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { DialogActions } from '../../components/ui/DialogActions';
import { goalsCopy as copy } from './copy';

/**
 * Delete Category confirmation (docs/product.md): the habits move to 'Uncategorized Habits', completed
 * data stays, and a re-created namesake starts its statistics afresh.
 */
export function DeleteCategoryDialog({
  category,
  habitCount,
  onOpenChange,
  onConfirm,
}: {
  category: Category;
  habitCount: number;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  const points = [
    { Icon: FolderInput, text: copy.deleteMoves(habitCount) },
    { Icon: History, text: copy.deletePreserves },
    { Icon: Sparkles, text: copy.deleteRecreate },
  ];
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={copy.deleteTitle}
      description={copy.deleteQuestion(category.name)}
    >
      <ul className="flex flex-col gap-3 rounded-2xl bg-slate-50 p-4 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-200">
        {points.map(({ Icon, text }) => (
          <li key={text} className="flex gap-3">
            <Icon
              aria-hidden
              className="mt-0.5 size-4 shrink-0 text-slate-500 dark:text-slate-400"
            />
            <span>{text}</span>
          </li>
        ))}
      </ul>
      <DialogActions className="mt-6">
        <Button
          variant="secondary"
          onClick={() => {
            onOpenChange(false);
          }}
        >
          {copy.cancel}
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {copy.confirmDelete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

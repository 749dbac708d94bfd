import {
  CATEGORY_NAME_MAX,
  DEFAULT_MONTHLY_TARGET_XP,
  MONTHLY_TARGET_CREATE_MIN,
  MONTHLY_TARGET_MAX,
  duplicateCategoryMessage,
  zCategoryCreate,
  type Category,
  type CategoryCreate,
} from '@habitquest/contracts/categories';
import { FALLBACK_CATEGORY } from '@habitquest/core/categories';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { DialogActions } from '../../components/ui/DialogActions';
import { Notice } from '../../components/ui/Notice';
import { TextField } from '../../components/ui/TextField';
import {
  parseWholeNumber,
  useForm,
  type Checked,
  type FieldErrors,
} from '../../components/ui/use-form';
import { openUpgradeOnLimit } from '../pro/limits';
import { goalsCopy as copy } from './copy';
import { useCreateCategory } from './mutations';
import { categoriesQuery } from './queries';

type Fields = { name: string; monthlyTargetXp: string };

const TARGET_MIN = MONTHLY_TARGET_CREATE_MIN;

/**
 * What the user typed, checked with the wire's own schema before anything is sent, and against
 * the categories on screen by the server's rule (assert-name-free.ts): a name one of them holds,
 * once trimmed and uppercased, or the fallback's, which is reserved. The server refuses those with
 * this very message; offline the create would wait, be refused on reconnect and take the habits
 * made into it along, so it is refused here and nothing is queued.
 */
export function checkCategory(
  fields: Fields,
  categories: readonly Pick<Category, 'name'>[],
): Checked<CategoryCreate, keyof Fields> {
  const errors: FieldErrors<keyof Fields> = {};
  const target = parseWholeNumber(fields.monthlyTargetXp, TARGET_MIN, MONTHLY_TARGET_MAX);
  if (target === null) errors.monthlyTargetXp = copy.targetRange(TARGET_MIN, MONTHLY_TARGET_MAX);
  const parsed = zCategoryCreate.safeParse({
    name: fields.name,
    monthlyTargetXp: target ?? DEFAULT_MONTHLY_TARGET_XP,
  });
  for (const issue of parsed.error?.issues ?? []) {
    if (issue.path[0] === 'name') errors.name ??= issue.message;
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { input: null, errors };
  const { name } = parsed.data;
  if (name === FALLBACK_CATEGORY.name || categories.some((category) => category.name === name)) {
    return { input: null, errors: { name: duplicateCategoryMessage(name) } };
  }
  return { input: parsed.data, errors: null };
}

/** Create Category (docs/product.md): a name and a monthly XP target of 1–10000, default 200. */
export function CreateCategoryDialog({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const create = useCreateCategory();
  const client = useQueryClient();
  const form = useForm({
    initial: { name: '', monthlyTargetXp: String(DEFAULT_MONTHLY_TARGET_XP) },
    // The cached list, with the categories made offline and still waiting.
    check: (fields) => checkCategory(fields, client.getQueryData(categoriesQuery.queryKey) ?? []),
    submit: async (input) => {
      await create.mutateAsync(input);
      onOpenChange(false);
    },
    describeFailure: (error) => {
      // The upgrade modal opens over this form, so Maybe Later comes back to what was typed.
      if (openUpgradeOnLimit(error)) return null;
      return error instanceof ApiError && error.code === 'CONFLICT'
        ? { fields: { name: error.message } }
        : { form: copy.createFailed };
    },
  });

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={copy.createTitle}
      description={copy.createIntro}
      isDirty={form.isDirty}
    >
      <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
        <TextField
          label={copy.name}
          autoComplete="off"
          placeholder={copy.namePlaceholder}
          maxLength={CATEGORY_NAME_MAX}
          {...form.field('name')}
        />
        <TextField
          label={copy.monthlyTarget}
          type="number"
          inputMode="numeric"
          min={TARGET_MIN}
          max={MONTHLY_TARGET_MAX}
          step={1}
          {...form.field('monthlyTargetXp')}
        />
        {form.formError ? <Notice tone="error">{form.formError}</Notice> : null}
        <DialogActions className="mt-2">
          <Button
            variant="secondary"
            onClick={() => {
              onOpenChange(false);
            }}
          >
            {copy.cancel}
          </Button>
          <Button type="submit" disabled={form.isSubmitting}>
            {form.isSubmitting ? copy.creating : copy.create}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

import {
  CATEGORY_NAME_MAX,
  DEFAULT_MONTHLY_TARGET_XP,
  MONTHLY_TARGET_MAX,
  zCategoryCreate,
} from '@habitquest/contracts/categories';
import { LIMITED_RESOURCES, type LimitedResource } from '@habitquest/core/plan';
import { useState, type SyntheticEvent } from 'react';
import { ApiError } from '../../app/api';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { DialogActions } from '../../components/ui/DialogActions';
import { Notice } from '../../components/ui/Notice';
import { TextField } from '../../components/ui/TextField';
import { goalsCopy as copy } from './copy';
import { useCreateCategory } from './mutations';

export type LimitHandler = (resource: LimitedResource, message: string) => void;

type FieldErrors = { name?: string; monthlyTargetXp?: string };

function resourceOf(error: ApiError): LimitedResource {
  const resource = error.details.resource;
  return LIMITED_RESOURCES.find((name) => name === resource) ?? 'categories';
}

/** What the user typed, checked with the wire's own schema before anything is sent. */
function validate(name: string, target: string) {
  const parsed = zCategoryCreate.safeParse({
    name,
    monthlyTargetXp: target.trim() === '' ? Number.NaN : Number(target),
  });
  if (parsed.success) return { input: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    if (issue.path[0] === 'name') errors.name ??= issue.message;
    if (issue.path[0] === 'monthlyTargetXp') errors.monthlyTargetXp = copy.targetRange;
  }
  return { input: null, errors };
}

/** Create Category (spec §2): a name and a monthly XP target of 1–10000, default 200. */
export function CreateCategoryDialog({
  onOpenChange,
  onLimitReached,
}: {
  onOpenChange: (open: boolean) => void;
  onLimitReached?: LimitHandler | undefined;
}) {
  const [name, setName] = useState('');
  const [target, setTarget] = useState(String(DEFAULT_MONTHLY_TARGET_XP));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateCategory();

  const onFailure = (error: Error): void => {
    if (error instanceof ApiError && error.code === 'LIMIT_REACHED' && onLimitReached) {
      // The limit dialog takes over; two modals at once would fight for focus.
      onOpenChange(false);
      onLimitReached(resourceOf(error), error.message);
      return;
    }
    const isOwnMessage =
      error instanceof ApiError && (error.code === 'CONFLICT' || error.code === 'LIMIT_REACHED');
    setServerError(isOwnMessage ? error.message : copy.createFailed);
  };

  const submit = (event: SyntheticEvent): void => {
    event.preventDefault();
    if (create.isPending) return;
    const { input, errors: found } = validate(name, target);
    setErrors(found);
    setServerError(null);
    if (!input) return;
    create.mutate(input, {
      onSuccess: () => {
        onOpenChange(false);
      },
      onError: onFailure,
    });
  };

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={copy.createTitle}
      description={copy.createIntro}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label={copy.name}
          name="name"
          autoComplete="off"
          placeholder={copy.namePlaceholder}
          maxLength={CATEGORY_NAME_MAX}
          value={name}
          error={errors.name ?? null}
          onChange={(event) => {
            setName(event.target.value);
          }}
        />
        <TextField
          label={copy.monthlyTarget}
          name="monthlyTargetXp"
          type="number"
          inputMode="numeric"
          min={1}
          max={MONTHLY_TARGET_MAX}
          step={1}
          value={target}
          error={errors.monthlyTargetXp ?? null}
          onChange={(event) => {
            setTarget(event.target.value);
          }}
        />
        {serverError ? <Notice tone="error">{serverError}</Notice> : null}
        <DialogActions className="mt-2">
          <Button
            variant="secondary"
            onClick={() => {
              onOpenChange(false);
            }}
          >
            {copy.cancel}
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? copy.creating : copy.create}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

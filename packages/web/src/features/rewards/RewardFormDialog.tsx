import { REWARD_COST_MAX, REWARD_NAME_MAX, type Reward } from '@habitquest/contracts/rewards';
import { LIMITED_RESOURCES, type LimitedResource } from '@habitquest/core/plan';
import { useId, useState, type SyntheticEvent } from 'react';
import { ApiError } from '../../app/api';
import { Button } from '../../components/ui/Button';
import { cx } from '../../components/ui/cx';
import { Dialog } from '../../components/ui/Dialog';
import { DialogActions } from '../../components/ui/DialogActions';
import { Notice } from '../../components/ui/Notice';
import { TextField } from '../../components/ui/TextField';
import { ICON_PICKS, rewardsCopy as copy } from './copy';
import { useCreateReward, useUpdateReward } from './mutations';
import {
  checkCreate,
  checkUpdate,
  initialFields,
  type FieldErrors,
  type RewardFields,
} from './reward-form';
import { shortId } from './shop-model';

export type LimitHandler = (resource: LimitedResource, message: string) => void;

function resourceOf(error: ApiError): LimitedResource {
  return LIMITED_RESOURCES.find((name) => name === error.details.resource) ?? 'rewards';
}

/** Create Reward and Edit Reward (spec §2, §5); editing shows the current name, cost and id. */
export function RewardFormDialog({
  reward,
  onOpenChange,
  onLimitReached,
}: {
  reward: Reward | null;
  onOpenChange: (open: boolean) => void;
  onLimitReached: LimitHandler;
}) {
  const [fields, setFields] = useState<RewardFields>(() => initialFields(reward));
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateReward();
  const update = useUpdateReward();
  const isSaving = create.isPending || update.isPending;
  const hintId = useId();
  const set = <K extends keyof RewardFields>(name: K, value: RewardFields[K]): void => {
    setFields((current) => ({ ...current, [name]: value }));
  };

  const onFailure = (error: Error): void => {
    if (error instanceof ApiError && error.code === 'LIMIT_REACHED') {
      // The limit dialog takes over; two modals at once would fight for focus.
      onOpenChange(false);
      onLimitReached(resourceOf(error), error.message);
      return;
    }
    const isOwnMessage = error instanceof ApiError && error.code === 'VALIDATION';
    setErrors({
      other: isOwnMessage ? error.message : reward ? copy.updateFailed : copy.createFailed,
    });
  };
  const close = (): void => {
    onOpenChange(false);
  };

  const submit = (event: SyntheticEvent): void => {
    event.preventDefault();
    if (isSaving) return;
    if (reward) {
      const checked = checkUpdate(fields);
      setErrors(checked.errors ?? {});
      if (checked.input) {
        update.mutate(
          { id: reward.id, patch: checked.input },
          { onSuccess: close, onError: onFailure },
        );
      }
      return;
    }
    const checked = checkCreate(fields);
    setErrors(checked.errors ?? {});
    if (checked.input) create.mutate(checked.input, { onSuccess: close, onError: onFailure });
  };

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={reward ? copy.editTitle : copy.createTitle}
      description={reward ? undefined : copy.createIntro}
    >
      {reward ? <CurrentReward reward={reward} /> : null}
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label={copy.name}
          name="name"
          autoComplete="off"
          placeholder={copy.namePlaceholder}
          maxLength={REWARD_NAME_MAX}
          value={fields.name}
          error={errors.name ?? null}
          onChange={(event) => {
            set('name', event.target.value);
          }}
        />
        <div className="flex flex-col gap-1.5">
          <TextField
            label={copy.costLabel}
            name="cost"
            type="number"
            inputMode="numeric"
            min={1}
            max={REWARD_COST_MAX}
            step={1}
            value={fields.cost}
            error={errors.cost ?? null}
            {...(errors.cost ? {} : { 'aria-describedby': hintId })}
            onChange={(event) => {
              set('cost', event.target.value);
            }}
          />
          <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
            {copy.rateHint}
          </p>
        </div>
        <TextField
          label={copy.description}
          name="description"
          autoComplete="off"
          placeholder={copy.descriptionPlaceholder}
          maxLength={500}
          value={fields.description}
          onChange={(event) => {
            set('description', event.target.value);
          }}
        />
        <IconPicker
          value={fields.icon}
          onChange={(icon) => {
            set('icon', icon);
          }}
        />
        <KeepInShopField
          isChecked={fields.keepInShop}
          onChange={(isChecked) => {
            set('keepInShop', isChecked);
          }}
        />
        {errors.other ? <Notice tone="error">{errors.other}</Notice> : null}
        <DialogActions className="mt-1">
          <Button variant="secondary" onClick={close}>
            {copy.cancel}
          </Button>
          <Button
            type="submit"
            disabled={isSaving || (reward !== null && fields.name.trim() === '')}
          >
            {reward ? (isSaving ? copy.saving : copy.save) : isSaving ? copy.creating : copy.create}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** An optional emoji: typed, or picked from a few common treats. */
function IconPicker({ value, onChange }: { value: string; onChange: (icon: string) => void }) {
  return (
    <div className="flex flex-col gap-2">
      <TextField
        label={copy.icon}
        name="icon"
        autoComplete="off"
        maxLength={32}
        value={value}
        className="max-w-40"
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="mr-1 text-xs text-slate-600 dark:text-slate-400">{copy.iconHint}</span>
        {ICON_PICKS.map((icon) => (
          <button
            key={icon}
            type="button"
            aria-label={copy.useIcon(icon)}
            aria-pressed={value === icon}
            onClick={() => {
              onChange(value === icon ? '' : icon);
            }}
            className={cx(
              'grid size-9 place-items-center rounded-lg border text-lg transition',
              value === icon
                ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-500/15'
                : 'border-slate-200 hover:border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800',
            )}
          >
            {icon}
          </button>
        ))}
      </div>
    </div>
  );
}

/** Edit Reward's summary of what is stored now: name, cost and the first 8 characters of the id. */
function CurrentReward({ reward }: { reward: Reward }) {
  return (
    <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-2xl bg-slate-100 px-4 py-3 text-sm dark:bg-slate-800">
      <dt className="text-slate-600 dark:text-slate-300">{copy.current}</dt>
      <dd className="truncate font-semibold text-slate-900 dark:text-white">
        {reward.name} · {copy.pts(reward.cost)}
      </dd>
      <dt className="text-slate-600 dark:text-slate-300">{copy.idLabel}</dt>
      <dd className="font-mono text-slate-800 dark:text-slate-100">{shortId(reward.id)}</dd>
    </dl>
  );
}

/** The keep-in-shop option (DESIGN §4): a repeatable treat stays after redeeming. */
function KeepInShopField({
  isChecked,
  onChange,
}: {
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-300 px-3 py-2.5 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 dark:border-slate-700 dark:has-[:checked]:bg-indigo-500/15">
      <input
        type="checkbox"
        className="mt-1 size-4 accent-indigo-600"
        checked={isChecked}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
      />
      <span className="flex flex-col">
        <span className="text-sm font-medium text-slate-800 dark:text-slate-100">
          {copy.keepInShop}
        </span>
        <span className="text-xs text-slate-600 dark:text-slate-300">{copy.keepInShopHint}</span>
      </span>
    </label>
  );
}

import {
  REWARD_COST_MAX,
  REWARD_COST_MIN,
  REWARD_NAME_MAX,
  type Reward,
  type RewardCreate,
  type RewardUpdate,
} from '@habitquest/contracts/rewards';
import type { ComponentPropsWithRef } from 'react';
import { ApiError } from '../../lib/api';
import { Button } from '../../components/ui/Button';
import { cx } from '../../components/ui/cx';
import { Dialog } from '../../components/ui/Dialog';
import { DialogActions } from '../../components/ui/DialogActions';
import { Notice } from '../../components/ui/Notice';
import { TextField } from '../../components/ui/TextField';
import { useForm } from '../../components/ui/use-form';
import { openUpgradeOnLimit } from '../pro/limits';
import { ICON_PICKS, rewardsCopy as copy } from './copy';
import { changedFields } from '../../lib/changed-fields';
import { useCreateReward, useUpdateReward } from './mutations';
import { checkCreate, checkUpdate, initialFields, type RewardFields } from './reward-form';
import { shortId } from './shop-model';
import { emojiPresentation } from '../../lib/emoji';

/** Create Reward and Edit Reward (docs/product.md); editing shows the current name, cost and id. */
export function RewardFormDialog({
  reward,
  onOpenChange,
}: {
  reward: Reward | null;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateReward();
  const update = useUpdateReward();
  const close = (): void => {
    onOpenChange(false);
  };
  const form = useForm({
    initial: () => initialFields(reward),
    check: (fields: RewardFields) => (reward ? checkUpdate(fields) : checkCreate(fields)),
    submit: async (input: RewardCreate | RewardUpdate) => {
      if (reward) {
        // Only what was changed: nothing another device changed meanwhile is put back.
        const patch = changedFields(reward, input);
        if (patch !== null) await update.mutateAsync({ id: reward.id, patch });
      } else await create.mutateAsync(input as RewardCreate);
      close();
    },
    describeFailure: (error) => {
      // The upgrade modal opens over this form, so Maybe Later comes back to what was typed.
      if (openUpgradeOnLimit(error)) return null;
      const isOwnMessage = error instanceof ApiError && error.code === 'VALIDATION';
      return {
        form: isOwnMessage ? error.message : reward ? copy.updateFailed : copy.createFailed,
      };
    },
  });
  const { values, set } = form;
  const isSaving = form.isSubmitting;

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={reward ? copy.editTitle : copy.createTitle}
      description={reward ? undefined : copy.createIntro}
      isDirty={form.isDirty}
    >
      {reward ? <CurrentReward reward={reward} /> : null}
      <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
        <TextField
          label={copy.name}
          autoComplete="off"
          placeholder={copy.namePlaceholder}
          maxLength={REWARD_NAME_MAX}
          {...form.field('name')}
        />
        <TextField
          label={copy.costLabel}
          type="number"
          inputMode="numeric"
          min={REWARD_COST_MIN}
          max={REWARD_COST_MAX}
          step={1}
          hint={copy.rateHint}
          {...form.field('cost')}
        />
        <TextField
          label={copy.description}
          autoComplete="off"
          placeholder={copy.descriptionPlaceholder}
          maxLength={500}
          {...form.field('description')}
        />
        <IconPicker
          field={form.field('icon')}
          onPick={(icon) => {
            set('icon', icon);
          }}
        />
        <KeepInShopField
          isChecked={values.keepInShop}
          onChange={(isChecked) => {
            set('keepInShop', isChecked);
          }}
        />
        {form.formError ? <Notice tone="error">{form.formError}</Notice> : null}
        <DialogActions className="mt-1">
          <Button variant="secondary" onClick={close}>
            {copy.cancel}
          </Button>
          <Button
            type="submit"
            disabled={isSaving || (reward !== null && values.name.trim() === '')}
          >
            {reward ? (isSaving ? copy.saving : copy.save) : isSaving ? copy.creating : copy.create}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** An optional emoji: typed, or picked from a few common treats. */
function IconPicker({
  field,
  onPick,
}: {
  field: ComponentPropsWithRef<'input'> & { value: string; error: string | null };
  onPick: (icon: string) => void;
}) {
  const { value } = field;
  const onChange = onPick;
  return (
    <div className="flex flex-col gap-2">
      <TextField
        label={copy.icon}
        autoComplete="off"
        maxLength={32}
        className="max-w-40"
        {...field}
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
            {emojiPresentation(icon)}
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
      <dd className="min-w-0 font-semibold text-slate-900 wrap-anywhere dark:text-white">
        {reward.name} · {copy.pts(reward.cost)}
      </dd>
      <dt className="text-slate-600 dark:text-slate-300">{copy.idLabel}</dt>
      <dd className="font-mono text-slate-800 dark:text-slate-100">{shortId(reward.id)}</dd>
    </dl>
  );
}

/** The keep-in-shop option (docs/decisions.md): a repeatable treat stays after redeeming. */
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

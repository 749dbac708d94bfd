/**
 * Reward changes (CONTRIBUTING.md). Redeem, edit and delete show at once in the cache and roll
 * back when the server refuses; create waits for the server while it answers. Creates, edits and
 * deletes are queued while offline; redeeming is not: points are the server's to give.
 */
import type { Me } from '@habitquest/contracts/me';
import type {
  Purchase,
  Reward,
  RewardCreate,
  RewardDeleteResult,
  RewardUpdate,
} from '@habitquest/contracts/rewards';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { playSound } from '../audio/engine';
import { ApiError, call } from '../../lib/api';
import { patch, useOptimisticMutation } from '../../lib/optimistic';
import { routes } from '@habitquest/contracts/routes';
import { meQuery } from '../me/queries';
import { putInList, requestTo, useQueuedMutation } from '../offline/queued-mutation';
import { rewardsCopy as copy } from './copy';
import { purchasesQuery, rewardsQuery } from './queries';
import { canRedeem } from '@habitquest/core/rewards';
import { pendingPurchase, shopAfterRedeem } from './shop-model';
import { randomId } from '../../lib/random-id';

function withPoints(me: Me, points: number): Me {
  return { ...me, progress: { ...me.progress, points } };
}

/**
 * POST /api/rewards. While the server answers, the dialog waits for it, so the plan limit is told
 * there rather than flashing a card that then vanishes; offline it is queued under an id made
 * here and shows at once (docs/offline.md).
 */
export function useCreateReward() {
  return useQueuedMutation<RewardCreate, Reward>({
    type: 'reward-create',
    show: 'when-queued',
    prepare: (input) => {
      const id = randomId();
      const draft: Reward = { ...input, id };
      return {
        ...requestTo(routes.createReward, { body: { ...input, id } }),
        changes: [{ list: 'rewards', op: 'put', item: draft }],
      };
    },
    events: ['rewards'],
    failure: () => null,
    onSynced: putInList('rewards'),
  });
}

/** PATCH /api/rewards/:id, optimistic; the dialog that sent it tells a failure. */
export function useUpdateReward() {
  return useQueuedMutation<{ id: string; patch: RewardUpdate }, Reward>({
    type: 'reward-update',
    prepare: ({ id, patch: change }) => ({
      ...requestTo(routes.updateReward, { params: { id }, body: change }),
      changes: [{ list: 'rewards', op: 'merge', id, fields: change }],
    }),
    events: ['rewards'],
    failure: () => null,
    onSynced: putInList('rewards'),
  });
}

/** DELETE /api/rewards/:id, optimistic. Spent points stay spent; the inventory keeps its copies. */
export function useDeleteReward() {
  return useQueuedMutation<Reward, RewardDeleteResult>({
    type: 'reward-delete',
    prepare: (reward) => ({
      ...requestTo(routes.deleteReward, { params: { id: reward.id } }),
      changes: [{ list: 'rewards', op: 'remove', id: reward.id }],
    }),
    events: ['rewards'],
    failure: () => copy.deleteFailed,
  });
}

/**
 * POST /api/rewards/:id/redeem, optimistic: the points go, the reward leaves the shop and joins
 * the inventory at once; all three come back if the server refuses (docs/product.md). Never
 * queued offline: points are the server's to give (docs/offline.md).
 */
export function useRedeemReward() {
  const client = useQueryClient();
  return useOptimisticMutation({
    mutationFn: (reward: Reward) =>
      call(routes.redeemReward, {
        params: { id: reward.id },
        idempotencyKey: randomId(),
      }),
    patches: (reward) => [
      // docs/product.md: local optimistic spending never goes below 0.
      patch<Me>(
        meQuery.queryKey,
        (me) => me && withPoints(me, Math.max(0, me.progress.points - reward.cost)),
      ),
      patch<Reward[]>(rewardsQuery.queryKey, (list) => list && shopAfterRedeem(list, reward)),
      patch<Purchase[]>(
        purchasesQuery.queryKey,
        (list) => list && [pendingPurchase(reward, new Date().toISOString()), ...list],
      ),
    ],
    events: ['purchases', 'rewards', 'progress'],
    failure: (error) =>
      error instanceof ApiError && error.code === 'INSUFFICIENT_POINTS'
        ? copy.notEnoughYet
        : copy.redeemFailed,
    offlineMessage: copy.redeemNeedsConnection,
    onSuccess: (result, reward) => {
      playSound('coins');
      const me = client.getQueryData(meQuery.queryKey);
      if (me) client.setQueryData(meQuery.queryKey, { ...me, progress: result.progress });
      client.setQueryData(purchasesQuery.queryKey, (list) =>
        list?.map((p) => (p.id.startsWith(`pending-${reward.id}-`) ? result.purchase : p)),
      );
      toast.success(copy.purchaseTitle, {
        description: copy.purchased(reward.name),
        duration: 3000,
        ...(reward.icon ? { icon: reward.icon } : {}),
      });
    },
  });
}

/**
 * Redeem with the client-side guards: not enough points says so without a call (docs/product.md), and a
 * second redeem of a reward already on its way is ignored.
 */
export function useRedeem(): { redeem: (reward: Reward) => void; pendingId: string | null } {
  const client = useQueryClient();
  const mutation = useRedeemReward();
  const inFlight = useRef(new Set<string>());
  const [pendingId, setPendingId] = useState<string | null>(null);
  const redeem = (reward: Reward): void => {
    if (inFlight.current.has(reward.id)) return;
    const points = client.getQueryData(meQuery.queryKey)?.progress.points ?? 0;
    if (!canRedeem(points, reward.cost)) {
      toast.error(copy.notEnoughYet);
      return;
    }
    inFlight.current.add(reward.id);
    setPendingId(reward.id);
    mutation.mutate(reward, {
      onSettled: () => {
        inFlight.current.delete(reward.id);
        setPendingId((current) => (current === reward.id ? null : current));
      },
    });
  };
  return { redeem, pendingId };
}

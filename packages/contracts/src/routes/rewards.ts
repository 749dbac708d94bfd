/** Rewards, the shop's redeeming and the purchases it made. Part of the route table (../routes.ts). */
import type {
  Purchase,
  RedeemResult,
  Reward,
  RewardCreate,
  RewardDeleteResult,
  RewardUpdate,
} from '../rewards';
import { route } from '../route';

export const rewardRoutes = {
  listRewards: route<{ response: Reward[] }>()({
    method: 'get',
    path: '/api/rewards',
  }),
  createReward: route<{ body: RewardCreate; response: Reward }>()({
    method: 'post',
    path: '/api/rewards',
    status: 201,
  }),
  updateReward: route<{ body: RewardUpdate; response: Reward }>()({
    method: 'patch',
    path: '/api/rewards/:id',
  }),
  deleteReward: route<{ response: RewardDeleteResult }>()({
    method: 'delete',
    path: '/api/rewards/:id',
  }),
  redeemReward: route<{ response: RedeemResult }>()({
    method: 'post',
    path: '/api/rewards/:id/redeem',
  }),
  listPurchases: route<{ response: Purchase[] }>()({
    method: 'get',
    path: '/api/purchases',
  }),
} as const;

import { zRarity, type Purchase, type Rarity, type Reward } from '@habitquest/contracts/rewards';
import type { purchasedRewards, rewards } from '../db/schema';

type RewardRow = typeof rewards.$inferSelect;
type PurchaseRow = typeof purchasedRewards.$inferSelect;

/** A stored rarity the wire does not know (an old import, say) shows as none. */
function rarityOf(value: string | null): Rarity | null {
  const parsed = zRarity.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The wire's Reward from its stored row. */
export function toReward(row: RewardRow): Reward {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    cost: row.cost,
    category: row.category,
    icon: row.icon,
    rarity: rarityOf(row.rarity),
    keepInShop: row.keepInShop,
  };
}

/**
 * The wire's Purchase from its stored snapshot. `rewardId` is given only while the reward is
 * still in the shop; missing values show as 'Unknown' and cost 0 (docs/product.md).
 */
export function toPurchase(row: PurchaseRow, options: { isRewardInShop: boolean }): Purchase {
  return {
    id: row.id,
    rewardId: options.isRewardInShop ? row.rewardId : null,
    rewardName: row.rewardName.trim() === '' ? 'Unknown' : row.rewardName,
    rewardCost: Math.max(0, row.rewardCost),
    rewardDescription: row.rewardDescription,
    rewardIcon: row.rewardIcon,
    rewardRarity: rarityOf(row.rewardRarity),
    purchasedAt: row.purchasedAt.toISOString(),
  };
}

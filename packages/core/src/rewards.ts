/**
 * The shop's rules that the server enforces and the web shows ahead of the server's answer:
 * who can redeem, and the shop's order (docs/product.md "Rewards", docs/decisions.md "negative
 * balance").
 */
import { compareText } from './compare';

/** The balance must cover the cost, and a negative balance never does. */
export function canRedeem(points: number, cost: number): boolean {
  return points >= 0 && points >= cost;
}

/** What the shop's order looks at; a reward not yet saved has no id. */
export type Orderable = { cost: number; name: string; id: string | null };

/**
 * The shop's order: cheapest first, then by name, then by id. Names compare by their UTF-16 code
 * units, not by a locale, so every device and both databases agree on it.
 */
export function compareRewards(a: Orderable, b: Orderable): number {
  return a.cost - b.cost || compareText(a.name, b.name) || compareText(a.id ?? '', b.id ?? '');
}

/**
 * Free and Pro plans: limits, their messages, Pro status and prices (docs/product.md).
 */

export const LIMITED_RESOURCES = ['habits', 'categories', 'rewards'] as const;
export type LimitedResource = (typeof LIMITED_RESOURCES)[number];
export type PlanLimits = Record<LimitedResource, number>;

export const FREE_LIMITS: PlanLimits = { habits: 15, categories: 10, rewards: 6 };

/** 'Free plan limit reached: 15 habits. Upgrade to Pro for unlimited habits!' */
export function limitMessage(resource: LimitedResource): string {
  return `Free plan limit reached: ${FREE_LIMITS[resource]} ${resource}. Upgrade to Pro for unlimited ${resource}!`;
}

/** The limits that apply, or null for Pro (unlimited). */
export function planLimits(isPro: boolean): PlanLimits | null {
  return isPro ? null : FREE_LIMITS;
}

/** Whether one more item may be created when the user already has `count` of them. */
export function canCreate(resource: LimitedResource, count: number, isPro: boolean): boolean {
  return isPro || count < FREE_LIMITS[resource];
}

export const PRODUCTS = ['habit', 'bundle'] as const;
export type Product = (typeof PRODUCTS)[number];

/** Prices in centavos (PHP). Money always comes from here, never from a client. */
export const PRICES: Record<Product, number> = { habit: 48_900, bundle: 149_900 };
export const CURRENCY = 'php';

export function isProduct(value: unknown): value is Product {
  return typeof value === 'string' && (PRODUCTS as readonly string[]).includes(value);
}

/** '₱489' for 48900 centavos. */
export function formatPeso(centavos: number): string {
  const pesos = centavos / 100;
  return `₱${Number.isInteger(pesos) ? pesos.toLocaleString('en-US') : pesos.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export type PurchaseRecord = { product: string; status: string };
export type EntitlementFlags = { premiumHabit: boolean; premiumBundle: boolean };

/**
 * Pro when a paid purchase of 'habit' or 'bundle' exists, or either entitlement flag is set.
 * A failed lookup is the caller's "no records": free.
 */
export function isProFrom(options: {
  purchases: readonly PurchaseRecord[];
  entitlement: EntitlementFlags | null;
}): boolean {
  const hasPaid = options.purchases.some(
    (purchase) => purchase.status === 'paid' && isProduct(purchase.product),
  );
  return (
    hasPaid ||
    options.entitlement?.premiumHabit === true ||
    options.entitlement?.premiumBundle === true
  );
}

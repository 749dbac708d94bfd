import { PRICES } from '@habitquest/core/plan';
import { describe, expect, it } from 'vitest';
import {
  amountMismatchMessage,
  isAmountAccepted,
  PRODUCT_NAMES,
  zCheckoutRequest,
  zCheckoutResult,
  zWebhookReceipt,
} from './checkout';

describe('zCheckoutRequest', () => {
  it('accepts the two products, with or without an amount', () => {
    expect(zCheckoutRequest.parse({ product: 'habit' })).toEqual({ product: 'habit' });
    expect(zCheckoutRequest.parse({ product: 'bundle', amount: 149_900 })).toEqual({
      product: 'bundle',
      amount: 149_900,
    });
  });

  it("answers an unknown product with the spec's message", () => {
    expect(zCheckoutRequest.safeParse({ product: 'lifetime' }).error?.issues[0]?.message).toBe(
      'Invalid product type',
    );
    expect(zCheckoutRequest.safeParse({}).error?.issues[0]?.message).toBe('Invalid product type');
  });

  it('refuses odd amounts and extra keys such as a user id', () => {
    for (const body of [
      { product: 'habit', amount: -1 },
      { product: 'habit', amount: 489.5 },
      { product: 'habit', amount: '48900' },
      { product: 'habit', user_id: 'u1' },
    ]) {
      expect(zCheckoutRequest.safeParse(body).success).toBe(false);
    }
  });
});

describe('isAmountAccepted', () => {
  it('accepts no amount or exactly the server price, nothing else', () => {
    expect(isAmountAccepted({ product: 'habit' })).toBe(true);
    expect(isAmountAccepted({ product: 'habit', amount: PRICES.habit })).toBe(true);
    expect(isAmountAccepted({ product: 'habit', amount: 48_900 })).toBe(true);
    expect(isAmountAccepted({ product: 'habit', amount: 1 })).toBe(false);
    expect(isAmountAccepted({ product: 'bundle', amount: PRICES.habit })).toBe(false);
  });
});

describe('zCheckoutResult', () => {
  it('accepts only http(s) addresses', () => {
    const url = 'https://checkout.stripe.com/c/pay/cs_test_123';
    expect(zCheckoutResult.parse({ url })).toEqual({ url });
    expect(zCheckoutResult.safeParse({ url: 'javascript:alert(1)' }).success).toBe(false);
    expect(zCheckoutResult.safeParse({ url: 'not a url' }).success).toBe(false);
    expect(zCheckoutResult.safeParse({}).success).toBe(false);
  });
});

describe('amountMismatchMessage', () => {
  it('names the product and its real price', () => {
    expect(amountMismatchMessage('habit')).toBe(
      'The price shown is out of date: HabitQuest Pro costs ₱489. Refresh and try again.',
    );
    expect(amountMismatchMessage('bundle')).toBe(
      'The price shown is out of date: HabitQuest Pro Bundle costs ₱1,499. Refresh and try again.',
    );
    expect(PRODUCT_NAMES).toEqual({ habit: 'HabitQuest Pro', bundle: 'HabitQuest Pro Bundle' });
  });
});

describe('zWebhookReceipt', () => {
  it('says the event was received, and whether it had been before', () => {
    expect(zWebhookReceipt.parse({ received: true, isDuplicate: false })).toEqual({
      received: true,
      isDuplicate: false,
    });
    expect(zWebhookReceipt.safeParse({ received: false, isDuplicate: false }).success).toBe(false);
    expect(zWebhookReceipt.safeParse({ received: true }).success).toBe(false);
  });
});

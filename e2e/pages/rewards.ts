import { expect, type Locator, type Page } from '@playwright/test';

export type RewardSeed = {
  name: string;
  cost: number;
  description?: string;
  icon?: string;
  keepInShop?: boolean;
};

/** The Rewards Shop and Inventory sections of the dashboard, the shop modal and its dialogs. */
export class RewardsPage {
  readonly section: Locator;
  readonly inventory: Locator;
  readonly modal: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByRole('region', { name: 'Rewards Shop' });
    this.inventory = page.getByRole('region', { name: 'Your Inventory' });
    this.modal = page.getByRole('dialog', { name: 'Rewards Shop' });
  }

  /** A reward card in the section or the modal. */
  card(scope: Locator, name: string): Locator {
    return scope
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  /** A redeemed reward's row in an inventory list. */
  item(scope: Locator, name: string): Locator {
    return scope.getByRole('listitem').filter({ hasText: name });
  }

  dialog(name: 'Create Reward' | 'Edit Reward' | 'Delete Reward'): Locator {
    return this.page.getByRole('dialog', { name });
  }

  async openShop(): Promise<void> {
    await this.section.getByRole('button', { name: 'Open Shop' }).click();
    await this.modal.waitFor();
  }

  /** Opens the shop, then Create Reward, and submits `reward`. */
  async addThroughShop(reward: RewardSeed): Promise<void> {
    await this.openShop();
    await this.modal.getByRole('button', { name: 'Add Reward' }).click();
    await this.fillCreate(reward);
  }

  /** Fills Create Reward (opened by the caller) and submits it. */
  async fillCreate(reward: RewardSeed): Promise<void> {
    const dialog = this.dialog('Create Reward');
    await dialog.getByLabel('Reward name').fill(reward.name);
    await dialog.getByLabel('Cost in points').fill(String(reward.cost));
    if (reward.description)
      await dialog.getByLabel('Description (optional)').fill(reward.description);
    if (reward.icon) await dialog.getByLabel('Icon (optional)').fill(reward.icon);
    await dialog.getByRole('button', { name: 'Create Reward' }).click();
  }
}

/** The signed-in browser's own API: page.request shares its cookies; writes need an Origin. */
export function rewardsApi(page: Page, baseURL: string | undefined) {
  const headers = { origin: baseURL ?? '' };
  return {
    /** Creates a habit worth `xp` and completes it today: xp/2 points. Answers its id. */
    async earn(title: string, xp: number): Promise<string> {
      const habit = await page.request.post('/api/habits', {
        data: { title, xpOnComplete: xp },
        headers,
      });
      expect(habit.status()).toBe(201);
      const { id } = (await habit.json()) as { id: string };
      const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
      const done = await page.request.put(`/api/habits/${id}/completions/${today}`, {
        data: { completed: true },
        headers,
      });
      expect(done.ok()).toBe(true);
      return id;
    },
    /** Undoes today's completion of a habit: its points come back off, even below zero. */
    async undo(habitId: string): Promise<void> {
      const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
      const response = await page.request.put(`/api/habits/${habitId}/completions/${today}`, {
        data: { completed: false },
        headers,
      });
      expect(response.ok()).toBe(true);
    },
    /** Fills the free plan's shop: six rewards, 'Treat 1' (10 pts) to 'Treat 6' (60 pts). */
    async fillFreeShop(): Promise<void> {
      for (let i = 1; i <= 6; i += 1)
        await this.createReward({ name: `Treat ${String(i)}`, cost: i * 10 });
    },
    async createReward(data: RewardSeed): Promise<string> {
      const response = await page.request.post('/api/rewards', { data, headers });
      expect(response.status()).toBe(201);
      return ((await response.json()) as { id: string }).id;
    },
    async redeem(id: string): Promise<void> {
      const response = await page.request.post(`/api/rewards/${id}/redeem`, { headers });
      expect(response.ok()).toBe(true);
    },
  };
}

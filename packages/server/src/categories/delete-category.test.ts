import type { Category, CategoryDeleteResult } from '@habitquest/contracts/categories';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../db/schema';
import {
  categoryOfHabit,
  insertHabit,
  remove,
  userIdOf,
  type ErrorBody,
} from '../../test/rewards-support';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/harness';

async function listOf(client: TestClient): Promise<Category[]> {
  return (await client.get<Category[]>('/api/categories')).body;
}

async function named(client: TestClient, name: string): Promise<Category> {
  const found = (await listOf(client)).find((category) => category.name === name);
  if (!found) throw new Error(`no category ${name}`);
  return found;
}

describe.each(DATABASE_KINDS)('deleting categories on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('moves its habits to the fallback and deletes it', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    const reading = (await client.post<Category>('/api/categories', { name: 'Reading' })).body;
    const career = await named(client, 'CAREER');
    const fallback = await named(client, 'UNCATEGORIZED HABITS');
    const moved = [
      await insertHabit(server, userId, reading.id),
      await insertHabit(server, userId, reading.id),
    ];
    const stays = await insertHabit(server, userId, career.id);

    const response = await remove<CategoryDeleteResult>(client, `/api/categories/${reading.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ deleted: reading.id, movedHabits: 2 });
    for (const habitId of moved) expect(await categoryOfHabit(server, habitId)).toBe(fallback.id);
    expect(await categoryOfHabit(server, stays)).toBe(career.id);
    const names = (await listOf(client)).map((category) => category.name);
    expect(names).not.toContain('READING');

    // A category re-created under the same name is a new one, with its own statistics.
    const again = await client.post<Category>('/api/categories', { name: 'reading' });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(reading.id);
    for (const habitId of moved) expect(await categoryOfHabit(server, habitId)).toBe(fallback.id);
  });

  it('deletes an empty category, answering 0 moved habits', async () => {
    const { client } = await signUp(server);
    const spiritual = await named(client, 'SPIRITUAL');
    const response = await remove(client, `/api/categories/${spiritual.id}`);
    expect(response.body).toEqual({ deleted: spiritual.id, movedHabits: 0 });
    expect(await listOf(client)).toHaveLength(7);
    expect((await remove(client, `/api/categories/${spiritual.id}`)).status).toBe(404);
  });

  it('protects the fallback category', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    const fallback = await named(client, 'UNCATEGORIZED HABITS');
    const habitId = await insertHabit(server, userId, fallback.id);
    const response = await remove<ErrorBody>(client, `/api/categories/${fallback.id}`);
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({
      code: 'CONFLICT',
      message: 'Protected category - cannot be deleted',
    });
    expect(await listOf(client)).toHaveLength(8);
    expect(await categoryOfHabit(server, habitId)).toBe(fallback.id);
  });

  it('re-creates a missing fallback category while deleting', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    const db = server.database.db;
    await db
      .delete(categories)
      .where(and(eq(categories.userId, userId), eq(categories.isFallback, true)));
    const career = await named(client, 'CAREER');
    const habitId = await insertHabit(server, userId, career.id);

    const response = await remove(client, `/api/categories/${career.id}`);
    expect(response.body).toEqual({ deleted: career.id, movedHabits: 1 });
    const fallback = await named(client, 'UNCATEGORIZED HABITS');
    expect(fallback).toMatchObject({ isFallback: true, color: '#6B7280', monthlyTargetXp: 100 });
    expect(await categoryOfHabit(server, habitId)).toBe(fallback.id);
    expect((await listOf(client)).filter((category) => category.isFallback)).toHaveLength(1);
  });

  it('changes nothing when the fallback cannot be re-created', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    const db = server.database.db;
    await db
      .delete(categories)
      .where(and(eq(categories.userId, userId), eq(categories.isFallback, true)));
    const career = await named(client, 'CAREER');
    const habitId = await insertHabit(server, userId, career.id);
    // A trigger makes the insert fail, as a broken database would.
    await db.execute(
      sql.raw(`create function hq_test_refuse() returns trigger language plpgsql as $$
        begin raise exception 'refused'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger hq_test_refuse before insert on hq_categories
        for each row when (new.user_id = '${userId}') execute function hq_test_refuse()`),
    );
    try {
      const response = await remove<ErrorBody>(client, `/api/categories/${career.id}`);
      expect(response.status).toBe(500);
      expect(response.body.error.message).toBe(
        'Cannot delete category: Fallback category does not exist and could not be created',
      );
    } finally {
      await db.execute(sql.raw('drop trigger hq_test_refuse on hq_categories'));
      await db.execute(sql.raw('drop function hq_test_refuse'));
    }
    expect((await named(client, 'CAREER')).id).toBe(career.id);
    expect(await categoryOfHabit(server, habitId)).toBe(career.id);
  });

  it("adopts a row holding the fallback's name rather than failing", async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    const db = server.database.db;
    // As an old import might leave it: the name is there, the flag is not.
    await db
      .update(categories)
      .set({ isFallback: false })
      .where(and(eq(categories.userId, userId), eq(categories.isFallback, true)));
    const creative = await named(client, 'CREATIVE');
    const habitId = await insertHabit(server, userId, creative.id);
    expect((await remove(client, `/api/categories/${creative.id}`)).status).toBe(200);
    const fallback = await named(client, 'UNCATEGORIZED HABITS');
    expect(fallback.isFallback).toBe(true);
    expect(await categoryOfHabit(server, habitId)).toBe(fallback.id);
  });

  it("cannot delete another user's category, nor move their habits", async () => {
    const owner = await signUp(server);
    const stranger = await signUp(server);
    const ownerId = await userIdOf(owner.client);
    const career = await named(owner.client, 'CAREER');
    const habitId = await insertHabit(server, ownerId, career.id);
    const response = await remove<ErrorBody>(stranger.client, `/api/categories/${career.id}`);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('NOT_FOUND');
    expect(await categoryOfHabit(server, habitId)).toBe(career.id);
    expect(await listOf(owner.client)).toHaveLength(8);
  });
});

import { duplicateCategoryMessage } from '@habitquest/contracts/categories';
import { FALLBACK_CATEGORY } from '@habitquest/core/categories';
import { and, eq, ne } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { categories } from '../db/schema';
import { sqlState, UNIQUE_VIOLATION } from '../http/db-errors';
import { HttpError } from '../http/errors';

/**
 * Throws CONFLICT when the user already has a category of this (normalised) name. The fallback's
 * name is reserved even while its row is missing, so a user's own category is never mistaken
 * for the protected one when the fallback is re-created.
 */
export async function assertNameFree(
  db: Database | Tx,
  options: { userId: string; name: string; exceptId?: string },
): Promise<void> {
  const { userId, name, exceptId } = options;
  if (name === FALLBACK_CATEGORY.name) throw duplicateName(name);
  const [taken] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.userId, userId),
        eq(categories.name, name),
        exceptId === undefined ? undefined : ne(categories.id, exceptId),
      ),
    );
  if (taken) throw duplicateName(name);
}

/** Turns the unique index's verdict (two writers racing for one name) into the same CONFLICT. */
export function mapDuplicateName(error: unknown, name: string | undefined): unknown {
  return sqlState(error) === UNIQUE_VIOLATION && name !== undefined ? duplicateName(name) : error;
}

function duplicateName(name: string): HttpError {
  return new HttpError('CONFLICT', duplicateCategoryMessage(name));
}

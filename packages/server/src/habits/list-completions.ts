import type { Completion, CompletionsQuery } from '@habitquest/contracts/habits';
import { and, asc, between, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { completions } from '../db/schema';
import { toCompletion } from './to-habit';

/** GET /api/completions?from&to — the user's completions dated in the range, oldest first. */
export async function listCompletions(options: {
  db: Database;
  userId: string;
  range: CompletionsQuery;
}): Promise<Completion[]> {
  const { db, userId, range } = options;
  const rows = await db
    .select()
    .from(completions)
    .where(
      and(
        eq(completions.userId, userId),
        between(completions.completionDate, range.from, range.to),
      ),
    )
    .orderBy(asc(completions.completionDate), asc(completions.completedAt));
  return rows.map(toCompletion);
}

/**
 * Building blocks shared by every wire schema: ids, dates, colours, time zones, frequencies.
 * The rules themselves live in core; these schemas only put them at the edge of the wire.
 */
import { tidyName } from '@habitquest/core/names';
import { DATE_RANGE_MESSAGE, isSupportedDate, isTimeZone } from '@habitquest/core/dates';
import { FREQUENCIES, type WeekStart } from '@habitquest/core/periods';
import { z } from 'zod';

/** The message of every date the API refuses: a path parameter, a query, a body field. */
export const DATE_MESSAGE = `The date ${DATE_RANGE_MESSAGE}`;

/**
 * A calendar date in the user's own time zone, YYYY-MM-DD, that exists (no 2023-02-29) and lies
 * in the years core accepts (1900–2200). The one schema for every date that enters the API. The
 * issue aborts, so object-level checks that do date arithmetic never see a malformed date.
 */
export const zLocalDate = z.string().refine(isSupportedDate, { error: DATE_MESSAGE, abort: true });

/** Every row id the server hands out is a UUID. */
export const zId = z.uuid('Expected an id (UUID)');
export type Id = z.infer<typeof zId>;

/**
 * The id a client may give a new habit, reward or category (docs/offline.md): a change queued
 * offline after the create can then name it. Creating again with an id the user already holds
 * answers that row, so a create is safe to send twice.
 */
export const zClientMadeId = zId.optional();

/** An instant as the server writes it: ISO 8601 with Z or an offset. */
export const zInstant = z.iso.datetime({ offset: true });

/** #rrggbb only: the colour input gives that form, and the UI appends alpha digits to it. */
export const zHexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Expected a colour as #rrggbb');

/** An IANA time zone the runtime knows, such as "Asia/Manila". */
export const zTimeZone = z.string().refine(isTimeZone, 'Unknown time zone');

export const zFrequency = z.enum(FREQUENCIES);

/** 0 = Sunday … 6 = Saturday. */
export const zWeekStart = z.literal([0, 1, 2, 3, 4, 5, 6] satisfies WeekStart[]);

/** Free text where blank means "none": trimmed, then '' becomes null. */
export function zNullableText(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => (value === '' ? null : value));
}

/** A required name or title: tidied (core's tidyName), not blank, at most `max` characters. */
export function zName(label: string, max: number) {
  return z
    .string()
    .overwrite(tidyName)
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** A whole number within [min, max]; rejects NaN, Infinity and fractions. */
export function zIntBetween(min: number, max: number) {
  return z.int().min(min).max(max);
}

export const NOTHING_TO_UPDATE = 'Send at least one field to change';

/** True when a patch sets at least one field; an empty patch is a client mistake, not a no-op. */
export function hasAnyField(patch: Record<string, unknown>): boolean {
  return Object.values(patch).some((value) => value !== undefined);
}

/**
 * Names people type (habits, rewards, categories): one Unicode form, no invisible edges
 * (docs/product.md, "Names").
 */

/** Spaces and invisible format characters (zero-width space, joiners, marks) at either end. */
const INVISIBLE_EDGES = /^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu;

/**
 * A name as it is kept: in NFC (so "É" typed as one character or as E and an accent is one name),
 * without spaces or invisible characters at its ends (a name of only a zero-width space is blank,
 * and "Uncategorized Habits" with one after it is that name). Joiners inside stay: an emoji such
 * as 👨‍👩‍👧 is made with them.
 */
export function tidyName(value: string): string {
  return value.normalize('NFC').replace(INVISIBLE_EDGES, '');
}

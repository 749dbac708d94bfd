/**
 * A random UUID (version 4): ids made in the browser (Idempotency-Keys, client-made ids, this
 * tab's id). `crypto.randomUUID` exists only on secure pages (https, localhost); HabitQuest opened
 * over plain http on a LAN address must work too, so the same UUID is built from
 * `crypto.getRandomValues`, which every page has.
 */
export function randomId(): string {
  // Node (the unit tests) has no isSecureContext, and randomUUID everywhere.
  const isSecure = (globalThis as { isSecureContext?: boolean }).isSecureContext ?? true;
  if (isSecure && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // the RFC 4122 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

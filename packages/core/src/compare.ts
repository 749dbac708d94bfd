/**
 * Text compared by UTF-16 code units, not by a locale, so every device, both databases' answers
 * and every test agree on an order.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

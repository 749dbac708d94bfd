/**
 * JSON with every object's keys sorted, recursively, so that equal data always gives the same
 * text whatever order its keys were written in. Undefined values are dropped as JSON does. What
 * an export file's checksum is taken of (backup/checksum.ts), and what tells a repeated request
 * from another one under the same Idempotency-Key (the server's http/idempotency.ts).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map((item: unknown) => canonicalJson(item)).join(',')}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`);
    return `{${entries.join(',')}}`;
  }
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol')
    return 'null';
  return JSON.stringify(value);
}

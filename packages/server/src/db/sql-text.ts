/**
 * SQL as text with its values written in as literals, for the few statements sent several to a
 * round trip (client.ts, `stepTransaction`): PostgreSQL's simple-query protocol, the only one that
 * carries more than one statement per message, takes no parameters. Values are escaped by pg's own
 * `escapeLiteral` (standard_conforming_strings, on in every supported PostgreSQL and in PGlite),
 * and only strings, whole numbers, booleans and null are accepted, so nothing else can reach a
 * statement unescaped.
 */
import pg from 'pg';

export type SqlValue = string | number | boolean | null;

/** One value as an SQL literal, cast to `type` when one is given. */
export function literal(value: SqlValue, type?: string): string {
  let text: string;
  if (value === null) text = 'NULL';
  else if (typeof value === 'boolean') text = value ? 'true' : 'false';
  else if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`not a whole number: ${String(value)}`);
    text = String(value);
  } else text = pg.escapeLiteral(value);
  if (type === undefined) return text;
  if (!/^[a-z][a-z0-9_]*(\[\])?$/.test(type)) throw new Error(`unexpected type: ${type}`);
  return `${text}::${type}`;
}

/** `name(v1, v2, …)`, each value a literal with its cast. */
export function callExpression(
  name: string,
  args: readonly (readonly [SqlValue, string])[],
): string {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`unexpected function name: ${name}`);
  return `${name}(${args.map(([value, type]) => literal(value, type)).join(', ')})`;
}

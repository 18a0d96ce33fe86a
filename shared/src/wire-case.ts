/**
 * Every JSON key on the wire is snake_case (docs/api.md, "Conventions"). Documents written before that
 * (stored widget settings of format 1, settings and previews kept in the dashboard's IndexedDB, pages and
 * widget snapshots cached by browsers) spelled some keys in camelCase; this reads them in the new spelling.
 */
export const snakeCase = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A JSON value with every object key snake_case, at every depth. Only for documents whose keys are all
 * names (no records keyed by data that may hold capitals).
 */
export function snakeCaseKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(snakeCaseKeys) as T;
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [snakeCase(k), snakeCaseKeys(v)])) as T;
}

/**
 * A widget snapshot's JSON (the body of GET /api/widget/init) in the current spelling: snapshots built
 * before the wire became snake_case (still in a cache, the database or a browser) are converted; current
 * ones are returned as parsed, without a walk.
 */
export function parseWidgetSnapshot(body: string): unknown {
  const value: unknown = JSON.parse(body);
  return body.includes('"customizationOptions"') ? snakeCaseKeys(value) : value;
}

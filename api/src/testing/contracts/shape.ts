import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Shape comparison of a body our code or a fake produced against the sample bodies written from a
 * service's own documents (the JSON files in this folder's `<service>/` subfolders, each README naming
 * their sources). It is how a fake is kept from drifting away from the documented world: every path of the
 * actual body must exist, with a compatible JSON type, in at least one fixture of the endpoint.
 *
 * - Paths name object keys and collapse array items: `data[].children.data[].media_url`.
 * - Types are JSON's: string, number, boolean, null, object, array. A number sent as a string (or the
 *   other way round) is a mismatch unless some fixture shows that very path with that type, so a
 *   `quantity: "50"` is accepted only where the docs show it.
 * - `null` in the actual body is accepted at any path a fixture has (documented fields are nullable in
 *   practice); a path a fixture shows only as `null` accepts any scalar, since the docs then do not say
 *   its type, but anything nested under it must still appear in a fixture.
 * - Fixtures may hold more than the actual body: fields a fake leaves out are not mismatches.
 */

export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';

export function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
      return 'object';
    default:
      throw new Error(`not a JSON value: ${typeof value}`);
  }
}

export interface ShapeOptions {
  /**
   * Paths of maps whose keys the caller chooses (Moyasar's `metadata`): their keys are one key, `*`, in
   * the fixtures and the body alike, so our own keys compare with the docs' example keys.
   */
  freeKeys?: readonly string[];
}

function walk(
  value: unknown,
  path: string,
  visit: (path: string, type: JsonType) => void,
  freeKeys: ReadonlySet<string> = new Set(),
): void {
  const type = jsonType(value);
  visit(path, type);
  if (type === 'array') for (const item of value as unknown[]) walk(item, `${path}[]`, visit, freeKeys);
  else if (type === 'object')
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const name = freeKeys.has(path) ? '*' : key;
      walk(item, path === '$' ? name : `${path}.${name}`, visit, freeKeys);
    }
}

/** Every path of a JSON value with the types seen there. The root is `$`. */
export function shapeOf(...values: unknown[]): Map<string, Set<JsonType>> {
  return shapeWith({}, values);
}

function shapeWith(options: ShapeOptions, values: readonly unknown[]): Map<string, Set<JsonType>> {
  const freeKeys = new Set(options.freeKeys ?? []);
  const shape = new Map<string, Set<JsonType>>();
  for (const value of values)
    walk(
      value,
      '$',
      (path, type) => {
        const types = shape.get(path) ?? new Set<JsonType>();
        types.add(type);
        shape.set(path, types);
      },
      freeKeys,
    );
  return shape;
}

/** What in `actual` no fixture shows: one line per path, empty when the body keeps to the fixtures. */
export function shapeMismatches(
  actual: unknown,
  fixtures: readonly unknown[],
  options: ShapeOptions = {},
): string[] {
  if (fixtures.length === 0) throw new Error('shapeMismatches needs at least one fixture');
  const documented = shapeWith(options, fixtures);
  const problems: string[] = [];
  const seen = new Set<string>();
  const visit = (path: string, type: JsonType) => {
    const key = `${path}:${type}`;
    if (seen.has(key)) return;
    seen.add(key);
    const types = documented.get(path);
    if (!types) {
      problems.push(`${path}: not in any fixture`);
      return;
    }
    if (types.has(type) || type === 'null') return;
    const onlyNull = types.size === 1 && types.has('null');
    if (onlyNull && type !== 'object' && type !== 'array') return;
    problems.push(`${path}: ${type}, the fixtures show ${[...types].sort().join(' or ')}`);
  };
  walk(actual, '$', visit, new Set(options.freeKeys ?? []));
  return problems;
}

/** Throws, listing every mismatch, when `actual` has a path or type no fixture shows. */
export function expectShape(
  actual: unknown,
  fixtures: readonly unknown[],
  label = 'body',
  options: ShapeOptions = {},
): void {
  const problems = shapeMismatches(actual, fixtures, options);
  if (problems.length > 0)
    throw new Error(`${label} does not match the documented fixtures:\n  ${problems.join('\n  ')}`);
}

const CONTRACTS_DIR = fileURLToPath(new URL('.', import.meta.url));

/**
 * The JSON fixtures of one service (`<service>/*.json` next to this file), by file name without `.json`.
 * The README beside them names each file's source.
 */
export function loadFixtures(service: string): Record<string, unknown> {
  const dir = join(CONTRACTS_DIR, service);
  const out: Record<string, unknown> = {};
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.json')) continue;
    out[file.slice(0, -'.json'.length)] = JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown;
  }
  return out;
}

/**
 * One endpoint's documented variants: the fixtures named `<endpoint>.json` or `<endpoint>.<variant>.json`
 * (so `me` finds `me.flat` and `me.wrapped`, not `me-media`).
 */
export function fixturesOf(all: Record<string, unknown>, endpoint: string): unknown[] {
  const found = Object.entries(all)
    .filter(([name]) => name === endpoint || name.startsWith(`${endpoint}.`))
    .map(([, body]) => body);
  if (found.length === 0) throw new Error(`no fixture named ${endpoint}[.variant].json`);
  return found;
}

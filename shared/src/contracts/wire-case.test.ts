import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi.js';

/**
 * Every JSON key a client sends or receives is snake_case (docs/api.md, "Conventions"): the property
 * names of every schema in the OpenAPI document generated from the contracts, and the names of query
 * and path parameters. Records keyed by data (ids, dates) are `additionalProperties` / `propertyNames`,
 * not `properties`, so they are not walked as names.
 */
const SNAKE = /^[a-z0-9_]+$/;

/**
 * Old names the widget endpoints still accept in a query, because embed codes already pasted into store
 * themes send them (docs/api.md): `merchantId` (the widget key's old name) and the `bustCache` buster.
 */
const LEGACY_QUERY_NAMES = new Set(['merchantId', 'bustCache']);

/** The OpenAPI document's own keys (not wire keys) under which schemas sit. */
function wireNames(node: unknown, where: string, out: string[]): void {
  if (Array.isArray(node)) {
    node.forEach((n, i) => wireNames(n, `${where}[${i}]`, out));
    return;
  }
  if (!node || typeof node !== 'object') return;
  const obj = node as Record<string, unknown>;
  if (obj.properties && typeof obj.properties === 'object' && !Array.isArray(obj.properties)) {
    for (const name of Object.keys(obj.properties)) if (!SNAKE.test(name)) out.push(`${where}: ${name}`);
  }
  const legacy = obj.in === 'query' && LEGACY_QUERY_NAMES.has(obj.name as string);
  if (
    (obj.in === 'query' || obj.in === 'path') &&
    typeof obj.name === 'string' &&
    !SNAKE.test(obj.name) &&
    !legacy
  ) {
    out.push(`${where}: ${obj.in} parameter ${obj.name}`);
  }
  for (const [k, v] of Object.entries(obj)) wireNames(v, `${where}/${k}`, out);
}

describe('wire keys', () => {
  const doc = buildOpenApiDocument({ version: 'test', includeDev: true });

  it('every property and parameter name in the OpenAPI document is snake_case', () => {
    const bad: string[] = [];
    wireNames(doc.paths, '#/paths', bad);
    expect(bad).toEqual([]);
  });

  it('the walk finds a camelCase key when there is one (the check can fail)', () => {
    const bad: string[] = [];
    wireNames(
      {
        get: {
          parameters: [{ in: 'query', name: 'storeId' }],
          x: { properties: { ok_key: {}, badKey: {} } },
        },
      },
      '#',
      bad,
    );
    expect(bad).toEqual(['#/get/parameters[0]: query parameter storeId', '#/get/x: badKey']);
  });
});

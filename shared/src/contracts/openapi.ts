import { z } from 'zod';
import { API_ERRORS, type TApiErrorCode } from '../errors.js';
import type { RouteContract, TRouteAuth } from './contract.js';
import { commonErrors } from './contract.js';
import { allContracts } from './registry.js';

type TJsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect); what JSON cannot say is left open. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): TJsonSchema {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as TJsonSchema;
  delete out.$schema;
  return out;
}

/** Express's `:param` and `*rest` as OpenAPI's `{param}`. */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/[:*]([A-Za-z0-9_]+)/g, '{$1}');
}

const ANY_METHOD = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;

const SECURITY: Record<TRouteAuth, { security: Record<string, string[]>[]; note: string }> = {
  public: { security: [], note: 'Anyone.' },
  merchant: { security: [{ bearer: [] }], note: 'A signed-in merchant (Bearer access token).' },
  admin: { security: [{ bearer: [] }], note: 'An administrator (Bearer access token of an admin).' },
  webhook: { security: [], note: 'An outside service, proved by a signature, token or secret.' },
  dev: { security: [], note: 'Development only: never in production, loopback addresses only.' },
};

const BODY_MEDIA: Record<NonNullable<RouteContract['bodyKind']>, string[]> = {
  json: ['application/json'],
  bytes: ['image/jpeg', 'image/png', 'image/webp'],
  form: ['application/x-www-form-urlencoded'],
  text: ['text/plain'],
};

const ANSWER_MEDIA: Record<RouteContract['answerKind'], string | undefined> = {
  json: 'application/json',
  empty: undefined,
  redirect: undefined,
  html: 'text/html',
  javascript: 'application/javascript',
  text: 'text/plain',
  bytes: 'application/octet-stream',
};

function parameters(c: RouteContract): TJsonSchema[] {
  const out: TJsonSchema[] = [];
  const pathNames = [...c.path.matchAll(/[:*]([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  const paramsSchema = c.params ? jsonSchema(c.params, 'input') : undefined;
  const pathProps = (paramsSchema?.properties ?? {}) as Record<string, TJsonSchema>;
  for (const name of pathNames) {
    out.push({ name, in: 'path', required: true, schema: pathProps[name] ?? { type: 'string' } });
  }
  if (c.query) {
    const q = jsonSchema(c.query, 'input');
    const required = new Set((q.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((q.properties ?? {}) as Record<string, TJsonSchema>)) {
      out.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  return out;
}

function responses(c: RouteContract): Record<string, TJsonSchema> {
  const status = String(c.status ?? (c.answerKind === 'redirect' ? 302 : 200));
  const media = ANSWER_MEDIA[c.answerKind];
  const success: TJsonSchema = {
    description: c.answerKind === 'redirect' ? 'Redirect (Location)' : 'Success',
  };
  if (media) {
    const schema =
      c.answerKind === 'json' ? (c.answer ? jsonSchema(c.answer, 'output') : {}) : { type: 'string' };
    success.content = { [media]: { schema } };
  }
  const out: Record<string, TJsonSchema> = { [status]: success };
  const byStatus = new Map<number, TApiErrorCode[]>();
  for (const code of new Set([...c.errors, ...commonErrors(c)])) {
    const s = API_ERRORS[code].status;
    byStatus.set(s, [...(byStatus.get(s) ?? []), code]);
  }
  for (const [s, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(s)] = {
      description: codes.join(', '),
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/ApiError' },
              { properties: { error: { properties: { code: { enum: codes } } } } },
            ],
          },
        },
      },
    };
  }
  return out;
}

function operation(feature: string, name: string, c: RouteContract, method: string): TJsonSchema {
  const op: TJsonSchema = {
    operationId: c.method === 'all' ? `${feature}.${name}.${method}` : `${feature}.${name}`,
    tags: [feature],
    summary: c.summary,
    description: SECURITY[c.auth].note,
    'x-auth': c.auth,
    security: SECURITY[c.auth].security,
    responses: responses(c),
  };
  const params = parameters(c);
  if (params.length > 0) op.parameters = params;
  if (c.body) {
    const kind = c.bodyKind ?? 'json';
    const schema =
      kind === 'bytes' ? { type: 'string', contentMediaType: 'image/*' } : jsonSchema(c.body, 'input');
    op.requestBody = {
      required: true,
      content: Object.fromEntries(BODY_MEDIA[kind].map((m) => [m, { schema }])),
    };
  }
  return op;
}

/**
 * The OpenAPI 3.1 document of every contract; the development helpers (`auth: 'dev'`) only when the
 * server answers them (never in production).
 */
export function buildOpenApiDocument(options: { version: string; includeDev: boolean }): TJsonSchema {
  const paths: Record<string, Record<string, TJsonSchema>> = {};
  const entries = allContracts().filter((e) => options.includeDev || e.contract.auth !== 'dev');
  for (const { feature, name, contract: c } of entries) {
    const item = (paths[openApiPath(c.path)] ??= {});
    for (const method of c.method === 'all' ? ANY_METHOD : [c.method]) {
      if (item[method]) throw new Error(`Two contracts for ${method.toUpperCase()} ${c.path}`);
      item[method] = operation(feature, name, c, method);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lamha API',
      version: options.version,
      description:
        'Every endpoint the Lamha server answers, generated from the route contracts in shared/src/contracts. ' +
        'Errors answer {error: {code, message}}; a client words a failure by its code.',
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers: [{ url: '/' }],
    tags: [...new Set(entries.map((e) => e.feature))].map((t) => ({ name: t })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        ApiError: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: {
                code: { type: 'string', enum: Object.keys(API_ERRORS) },
                message: { type: 'string' },
                details: {},
              },
            },
          },
        },
      },
    },
  };
}

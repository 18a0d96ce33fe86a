import { z } from 'zod';

/**
 * The OpenAPI 3.1.0 document's structure (https://spec.openapis.org/oas/v3.1.0, section 4.8), strict:
 * each object takes the fields the specification names and `x-` extensions, nothing else. Schema
 * objects are JSON Schema 2020-12, checked apart (see openapi.test.ts).
 */
function specObject<S extends z.ZodRawShape>(shape: S) {
  const known = new Set(Object.keys(shape));
  return z.looseObject(shape).superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if (!known.has(key) && !key.startsWith('x-')) {
        ctx.addIssue({ code: 'custom', message: `unknown field ${key}`, path: [key] });
      }
    }
  });
}

const ZSchemaObject = z.union([z.boolean(), z.record(z.string(), z.unknown())]);
const ZReference = specObject({
  $ref: z.string(),
  summary: z.string().optional(),
  description: z.string().optional(),
});
const ZExternalDocs = specObject({ description: z.string().optional(), url: z.string() });
const ZServer = specObject({
  url: z.string(),
  description: z.string().optional(),
  variables: z.record(z.string(), z.unknown()).optional(),
});
const ZMediaType = specObject({
  schema: ZSchemaObject.optional(),
  example: z.unknown().optional(),
  examples: z.record(z.string(), z.unknown()).optional(),
  encoding: z.record(z.string(), z.unknown()).optional(),
});
const ZContent = z.record(z.string().regex(/^[\w.+-]+\/[\w.+*-]+$/), ZMediaType);
const ZParameter = specObject({
  name: z.string().min(1),
  in: z.enum(['query', 'header', 'path', 'cookie']),
  description: z.string().optional(),
  required: z.boolean().optional(),
  deprecated: z.boolean().optional(),
  allowEmptyValue: z.boolean().optional(),
  style: z.string().optional(),
  explode: z.boolean().optional(),
  allowReserved: z.boolean().optional(),
  schema: ZSchemaObject.optional(),
  example: z.unknown().optional(),
  examples: z.record(z.string(), z.unknown()).optional(),
  content: ZContent.optional(),
}).refine((p) => p.in !== 'path' || p.required === true, 'a path parameter must be required');
const ZRequestBody = specObject({
  description: z.string().optional(),
  content: ZContent,
  required: z.boolean().optional(),
});
const ZResponse = specObject({
  description: z.string(),
  headers: z.record(z.string(), z.unknown()).optional(),
  content: ZContent.optional(),
  links: z.record(z.string(), z.unknown()).optional(),
});
const ZSecurityRequirement = z.record(z.string(), z.array(z.string()));
const ZOperation = specObject({
  tags: z.array(z.string()).optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  externalDocs: ZExternalDocs.optional(),
  operationId: z.string().optional(),
  parameters: z.array(z.union([ZParameter, ZReference])).optional(),
  requestBody: z.union([ZRequestBody, ZReference]).optional(),
  responses: z
    .record(z.string().regex(/^(default|[1-5]XX|[1-5]\d\d)$/), z.union([ZResponse, ZReference]))
    .refine((r) => Object.keys(r).length > 0, 'at least one response'),
  callbacks: z.record(z.string(), z.unknown()).optional(),
  deprecated: z.boolean().optional(),
  security: z.array(ZSecurityRequirement).optional(),
  servers: z.array(ZServer).optional(),
});
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const ZPathItem = specObject({
  $ref: z.string().optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  ...Object.fromEntries(METHODS.map((m) => [m, ZOperation.optional()])),
  servers: z.array(ZServer).optional(),
  parameters: z.array(z.union([ZParameter, ZReference])).optional(),
});
const ZSecurityScheme = specObject({
  type: z.enum(['apiKey', 'http', 'mutualTLS', 'oauth2', 'openIdConnect']),
  description: z.string().optional(),
  name: z.string().optional(),
  in: z.enum(['query', 'header', 'cookie']).optional(),
  scheme: z.string().optional(),
  bearerFormat: z.string().optional(),
  flows: z.record(z.string(), z.unknown()).optional(),
  openIdConnectUrl: z.string().optional(),
}).refine((s) => s.type !== 'http' || s.scheme !== undefined, 'an http scheme names its scheme');

export const ZOpenApi31Document = specObject({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: specObject({
    title: z.string(),
    summary: z.string().optional(),
    description: z.string().optional(),
    termsOfService: z.string().optional(),
    contact: z.record(z.string(), z.unknown()).optional(),
    license: z.record(z.string(), z.unknown()).optional(),
    version: z.string(),
  }),
  jsonSchemaDialect: z.url().optional(),
  servers: z.array(ZServer).optional(),
  paths: z.record(z.string().startsWith('/'), ZPathItem).optional(),
  webhooks: z.record(z.string(), ZPathItem).optional(),
  components: specObject({
    schemas: z.record(z.string(), ZSchemaObject).optional(),
    responses: z.record(z.string(), z.unknown()).optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    examples: z.record(z.string(), z.unknown()).optional(),
    requestBodies: z.record(z.string(), z.unknown()).optional(),
    headers: z.record(z.string(), z.unknown()).optional(),
    securitySchemes: z.record(z.string(), ZSecurityScheme).optional(),
    links: z.record(z.string(), z.unknown()).optional(),
    callbacks: z.record(z.string(), z.unknown()).optional(),
    pathItems: z.record(z.string(), z.unknown()).optional(),
  }).optional(),
  security: z.array(ZSecurityRequirement).optional(),
  tags: z
    .array(
      specObject({
        name: z.string(),
        description: z.string().optional(),
        externalDocs: ZExternalDocs.optional(),
      }),
    )
    .optional(),
  externalDocs: ZExternalDocs.optional(),
});
export type TOpenApi31Document = z.infer<typeof ZOpenApi31Document>;
export const OPENAPI_METHODS = METHODS;

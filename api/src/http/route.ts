import type { Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import type { RouteContract } from '@app/shared/contracts';
import { parseInput } from './validate.js';

/**
 * Express routes registered from the contracts in shared/src/contracts (docs/api.md): the contract gives
 * the method, the path, who may call it (its guard), the schemas its params, query and body are parsed
 * with (`parseInput`, so a bad input is the same 400 as everywhere), and the type of its answer.
 */

/** `Cache-Control: no-store`, for answers that hold a caller's own or changing state. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** What a handler returns when it wrote the answer itself (cookies and a redirect, a page, bytes). */
export const ANSWERED = Object.freeze({ answered: true as const });
type TAnswered = typeof ANSWERED;

type TInputName = 'params' | 'query' | 'body';
type TParsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A contract's inputs as the handler receives them: parsed, except those it validates itself (`own`). */
export type RouteInput<C extends RouteContract, O extends TInputName = never> = {
  /** Express's own strings when the contract has no params schema. */
  params: 'params' extends O
    ? unknown
    : C['params'] extends z.ZodType
      ? z.output<C['params']>
      : Record<string, string>;
  query: 'query' extends O ? unknown : TParsed<C['query']>;
  /** Raw bytes (a Buffer when the body parser matched the type) for a `bytes` body. */
  body: 'body' extends O ? unknown : C['bodyKind'] extends 'bytes' ? unknown : TParsed<C['body']>;
  req: Request;
  res: Response;
};

/** A JSON contract's answer (sent with its status), or ANSWERED; other answers are written by the handler. */
export type RouteAnswer<C extends RouteContract> = C['answerKind'] extends 'json'
  ? (C['answer'] extends z.ZodType ? z.output<C['answer']> : unknown) | TAnswered
  : void | TAnswered;

export type RouteHandler<C extends RouteContract, O extends TInputName = never> = (
  input: RouteInput<C, O>,
) => RouteAnswer<C> | Promise<RouteAnswer<C>>;

export interface RouteOptions<O extends TInputName = never> {
  /** Middleware after the contract's guard and before parsing: a body parser, `Cache-Control`. */
  before?: RequestHandler[];
  /** Inputs the handler validates itself with the contract's schema (its failure is not a plain 400). */
  own?: readonly O[];
  /** The body parsed when the request has none (a POST whose body is optional). */
  bodyWhenAbsent?: unknown;
}

/** The middleware that lets in who the contract says may call (`auth`); public and webhook need none. */
export type RouteGuards = Partial<Record<RouteContract['auth'], RequestHandler>>;

function parseParams(schema: z.ZodType, params: Record<string, unknown>): unknown {
  // Each path parameter on its own, as the routers always did: a bad id is answered with the id
  // schema's own message, not one prefixed with the parameter's name.
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (!shape) return parseInput(schema, params);
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) out[name] = parseInput(field, params[name]);
  return out;
}

/** The contract of each handler `route()` registered: how a check tells these from hand-written routes. */
const handlerContracts = new WeakMap<object, RouteContract>();

/** The contract an Express route's last handler was registered from, or undefined (a hand-written route). */
export function registeredContract(handler: unknown): RouteContract | undefined {
  return typeof handler === 'function' ? handlerContracts.get(handler) : undefined;
}

/**
 * A router's `route(contract, handler)`: registers the contract's method and path behind its guard.
 * A merchant, admin or dev contract without a guard given is refused when the router is built, so
 * no route leaves its guard behind.
 */
export function contractRoutes(router: Router, guards: RouteGuards = {}) {
  return function route<C extends RouteContract, O extends TInputName = never>(
    c: C,
    handler: RouteHandler<C, O>,
    options: RouteOptions<O> = {},
  ): void {
    const guard = guards[c.auth];
    if (!guard && (c.auth === 'merchant' || c.auth === 'admin' || c.auth === 'dev'))
      throw new Error(`${c.method.toUpperCase()} ${c.path}: no ${c.auth} guard given`);
    const own = new Set<TInputName>(options.own ?? []);
    const status = c.status ?? 200;
    const run: RequestHandler = async (req, res) => {
      const params = c.params && !own.has('params') ? parseParams(c.params, req.params) : req.params;
      const query = c.query && !own.has('query') ? parseInput(c.query, req.query) : req.query;
      const rawBody: unknown =
        req.body === undefined && 'bodyWhenAbsent' in options ? options.bodyWhenAbsent : req.body;
      const body =
        c.body && !own.has('body') && c.bodyKind !== 'bytes' ? parseInput(c.body, rawBody) : rawBody;
      const answer: unknown = await handler({ params, query, body, req, res } as RouteInput<C, O>);
      if (answer === ANSWERED || res.headersSent) return;
      if (c.answerKind === 'json') res.status(status).json(answer);
      else if (c.answerKind === 'empty') res.status(status).end();
      else throw new Error(`${c.method.toUpperCase()} ${c.path}: the handler wrote no answer`);
    };
    handlerContracts.set(run, c);
    router[c.method](c.path, ...(guard ? [guard] : []), ...(options.before ?? []), run);
  };
}

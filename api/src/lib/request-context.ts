import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';

/**
 * The id of the request (or cron tick) a piece of work belongs to. The logger adds it to every line
 * written while the work runs (`reqId`), including lines of services and outgoing calls made on its
 * behalf, without passing a logger down every call.
 */
const context = new AsyncLocalStorage<{ requestId: string }>();

/** What a caller's X-Request-Id may be to be kept: short, printable, no spaces or quotes. */
const WELL_FORMED = /^[\w.:/+=@-]{1,128}$/;

/** Unique across processes (a random prefix per process) and cheap (a counter). */
const processPrefix = randomBytes(4).toString('hex');
let counter = 0;

export function newRequestId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `${processPrefix}-${counter.toString(36)}`;
}

/** The caller's id when it is well-formed (a load balancer's or a client's), else a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && WELL_FORMED.test(header) ? header : newRequestId();
}

/** The caller's id when it sent a well-formed one, else undefined (no id is made). */
export function incomingRequestId(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && WELL_FORMED.test(header) ? header : undefined;
}

export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

/** Runs `work` (and everything it starts) as part of the request or tick `requestId`. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return context.run({ requestId }, work);
}

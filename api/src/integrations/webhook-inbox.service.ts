import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ZNulFreeJson } from '@app/shared';
import { AppError } from '../http/errors.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { err, ok, type Result } from '../lib/result.js';
import type { WebhookDeliveriesRepository, WebhookPlatform } from './webhook-deliveries.repository.js';

/** Deliveries whose processing fails are retried by cron this many times in all. */
export const MAX_DELIVERY_ATTEMPTS = 5;
/** A delivery still pending this long after arrival failed or was cut off: cron retries it. */
const RETRY_AFTER_MS = 60_000;

/** What a platform's verifier may look at: the raw bytes, the headers and the route's parameters. */
export interface WebhookRequest {
  raw: Buffer;
  header(name: string): string | undefined;
  param(name: string): string | undefined;
}

/** One platform's webhooks, registered with the inbox: how a delivery is verified, read and processed. */
export interface WebhookHandler {
  platform: WebhookPlatform;
  /** The error code of the 401 answer to a delivery that fails verification. */
  rejectionCode: 'invalid_signature' | 'invalid_secret';
  /** Checks the delivery before anything parses its body. */
  verify(request: WebhookRequest): boolean;
  /** The event in a JSON body, or undefined when it is not an event this platform sends. */
  read(body: unknown): { event: string; storeId: string; payload: unknown } | undefined;
  /** Processes a recorded delivery's payload; a throw leaves it pending for a retry. */
  handle(payload: unknown): Promise<void>;
}

/** Compares secrets in constant time. */
export const safeEqual = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The hex HMAC-SHA256 of a raw body, as platforms sign their deliveries. */
export const hmacSha256Hex = (secret: string, raw: Buffer) =>
  createHmac('sha256', secret).update(raw).digest('hex');

const deliveryId = (platform: WebhookPlatform, raw: Buffer) =>
  `${platform}:${createHash('sha256').update(raw).digest('hex')}`;

export interface WebhookInboxDeps {
  deliveries: WebhookDeliveriesRepository;
  handlers: WebhookHandler[];
  clock: Clock;
  logger: Logger;
}

/**
 * Every platform's webhooks take one path: verified over the raw body, recorded once (a retried delivery
 * is a duplicate), answered at once, processed after the answer, and retried by cron while processing
 * fails. Platforms plug in a WebhookHandler.
 */
export class WebhookInbox {
  private readonly handlers: Map<WebhookPlatform, WebhookHandler>;

  constructor(private readonly deps: WebhookInboxDeps) {
    this.handlers = new Map(deps.handlers.map((h) => [h.platform, h]));
  }

  private handlerOf(platform: WebhookPlatform): WebhookHandler {
    const handler = this.handlers.get(platform);
    if (!handler) throw new Error(`no webhook handler for ${platform}`);
    return handler;
  }

  /** Checks a delivery with its platform's rule; the error code is the one its 401 answer carries. */
  verify(
    platform: WebhookPlatform,
    request: WebhookRequest,
  ): Result<true, { code: 'invalid_signature' | 'invalid_secret' }> {
    const handler = this.handlerOf(platform);
    return handler.verify(request) ? ok(true) : err({ code: handler.rejectionCode });
  }

  /** Parses and records a verified delivery. Returns its id, or `duplicate` for a retry. */
  async receive(
    platform: WebhookPlatform,
    raw: Buffer,
  ): Promise<Result<{ id: string; duplicate: boolean }, AppError>> {
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      return err(new AppError('invalid_json', 'The webhook body is not JSON.'));
    }
    // Stored as it came (jsonb), which refuses NUL: a clear 400 instead of a 500.
    if (!ZNulFreeJson.safeParse(json).success) {
      return err(new AppError('invalid_characters', 'The webhook body contains NUL characters.'));
    }
    const event = this.handlerOf(platform).read(json);
    if (!event) return err(new AppError('invalid_payload'));
    const id = deliveryId(platform, raw);
    const inserted = await this.deps.deliveries.recordDelivery({ id, platform, ...event });
    return ok({ id, duplicate: !inserted });
  }

  /** Processes one recorded delivery; failures stay pending for cron to retry. */
  async process(id: string): Promise<void> {
    const { deliveries, clock, logger } = this.deps;
    const delivery = await deliveries.findDelivery(id);
    if (!delivery || delivery.status !== 'pending') return;
    try {
      await this.handlerOf(delivery.platform).handle(delivery.payload);
      await deliveries.finishDelivery(id, { ok: true }, clock.now());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.warn({ deliveryId: id, event: delivery.event, err: message }, 'webhook processing failed');
      await deliveries.finishDelivery(
        id,
        { ok: false, error: message, giveUp: delivery.attempts + 1 >= MAX_DELIVERY_ATTEMPTS },
        clock.now(),
      );
    }
  }

  /** Retries deliveries still pending a minute after arrival (cron). */
  async processPending(): Promise<number> {
    const ids = await this.deps.deliveries.pendingDeliveries(
      new Date(this.deps.clock.now().getTime() - RETRY_AFTER_MS),
      50,
    );
    for (const id of ids) await this.process(id);
    return ids.length;
  }

  /** Processes again, in order, a store's deliveries that waited for its link to be confirmed. */
  async replayStore(platform: WebhookPlatform, storeId: string): Promise<void> {
    const ids = await this.deps.deliveries.requeueForStore(platform, storeId);
    for (const id of ids) await this.process(id);
  }
}

import express, { type Request, type Response } from 'express';
import { AppError, sendApiError } from '../http/errors.js';
import { ANSWERED } from '../http/route.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { PROCESS_WEBHOOK_DELIVERY } from '../jobs/job-types.js';
import type { WebhookPlatform } from './webhook-deliveries.repository.js';
import type { WebhookInbox } from './webhook-inbox.service.js';

/** A webhook's body as raw bytes, whatever its type says: signatures are over the bytes as sent. */
export const webhookRawBody = express.raw({ type: () => true, limit: '512kb' });

/**
 * The handler of one platform's webhook endpoint, for `route(contract, handler, { before:
 * [webhookRawBody], own: ['body'] })` mounted before the JSON body parser. The body is the inbox's to
 * check and read (signature or URL secret first, then a tolerant parse), never the contract's schema.
 */
export function receiveWebhook(
  inbox: WebhookInbox,
  platform: WebhookPlatform,
  jobs: Pick<JobQueue, 'enqueue'>,
) {
  return async ({ req, res }: { req: Request; res: Response }): Promise<typeof ANSWERED> => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const verified = inbox.verify(platform, {
      raw,
      header: (name) => req.get(name),
      param: (name) => {
        const value: unknown = req.params[name];
        return value === undefined ? undefined : String(value);
      },
    });
    if (!verified.ok) {
      sendApiError(res, new AppError(verified.error.code));
      return ANSWERED;
    }
    const received = await inbox.receive(platform, raw);
    if (!received.ok) throw received.error;
    // Answer at once (platforms retry after ~30 s without a 2xx); the processing is a queued job, run
    // right after by this process's worker (docs/architecture.md, "Background work").
    const { id, duplicate } = received.value;
    if (!duplicate) await jobs.enqueue(PROCESS_WEBHOOK_DELIVERY, { deliveryId: id }, { key: id });
    res.status(duplicate ? 200 : 202).json({ status: duplicate ? 'duplicate' : 'accepted' });
    return ANSWERED;
  };
}

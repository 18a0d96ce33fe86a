import express, { type RequestHandler } from 'express';
import { AppError, sendApiError } from '../http/errors.js';
import type { Logger } from '../lib/logger.js';
import type { WebhookPlatform } from './webhook-deliveries.repository.js';
import type { WebhookInbox } from './webhook-inbox.service.js';

const rawBody = express.raw({ type: () => true, limit: '512kb' });

/**
 * The handlers of one platform's webhook endpoint. Mount them before the JSON body parser: signatures
 * are over the raw bytes.
 */
export function webhookEndpoint(
  inbox: WebhookInbox,
  platform: WebhookPlatform,
  logger: Logger,
): RequestHandler[] {
  const receive: RequestHandler = async (req, res) => {
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
      return;
    }
    const received = await inbox.receive(platform, raw);
    if (!received.ok) throw received.error;
    // Answer at once (platforms retry after ~30 s without a 2xx); process after the answer.
    res
      .status(received.value.duplicate ? 200 : 202)
      .json({ status: received.value.duplicate ? 'duplicate' : 'accepted' });
    if (!received.value.duplicate) {
      setImmediate(() => {
        inbox
          .process(received.value.id)
          .catch((err: unknown) => logger.error({ err }, 'webhook processing crashed'));
      });
    }
  };
  return [rawBody, receive];
}

import type { ApiEnv } from '../config/env.js';
import type { Database } from '../db/database.js';
import type { Logger } from '../lib/logger.js';
import { DevMailbox } from './dev-mailbox.js';
import type { MailPort } from './mail.port.js';
import { SmtpMailer } from './smtp.mailer.js';

/** SMTP when configured; otherwise (never in production, the env check refuses it) the dev mailbox. */
export function createMailer(env: ApiEnv, db: Database, logger: Logger): MailPort {
  if (env.SMTP_URL) return new SmtpMailer(env.SMTP_URL, env.MAIL_FROM);
  return new DevMailbox(db, logger.child({ component: 'mail' }));
}

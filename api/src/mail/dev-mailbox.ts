import { desc } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { devMailbox } from '../db/schema.js';
import type { Logger } from '../lib/logger.js';
import type { MailMessage, MailPort } from './mail.port.js';

export type DevMailRow = typeof devMailbox.$inferSelect;

/** Outside production without SMTP: every message is kept in the database and its link logged. */
export class DevMailbox implements MailPort {
  readonly kind = 'dev-mailbox' as const;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.db.insert(devMailbox).values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      link: message.link ?? null,
    });
    this.logger.info(
      { to: message.to, link: message.link },
      `dev mailbox: "${message.subject}" → ${message.to}`,
    );
  }

  /** Newest first. */
  list(limit = 100): Promise<DevMailRow[]> {
    return this.db.select().from(devMailbox).orderBy(desc(devMailbox.sentAt)).limit(limit);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

import { z } from 'zod';
import type { AppUnderTest } from './harness.js';

const ZMail = z.object({
  to: z.string(),
  subject: z.string(),
  link: z.string().nullable(),
  sent_at: z.iso.datetime(),
});
const ZMailbox = z.object({ messages: z.array(ZMail) });
export type TMail = z.infer<typeof ZMail>;

/** Every e-mail the app has "sent" (the dev mailbox), newest first. */
export async function readMailbox(app: AppUnderTest): Promise<TMail[]> {
  const res = await fetch(`${app.url}/api/dev/mailbox`);
  if (!res.ok) throw new Error(`the dev mailbox answered ${res.status}`);
  return ZMailbox.parse(await res.json()).messages;
}

/**
 * Waits until the dev mailbox holds `count` (default 1) e-mails to `to` sent at or after `since` that
 * `where` accepts, and returns them newest first. Throws, naming the address and how long it waited, when
 * they do not arrive in `timeoutMs`: a sign-in that was never sent must not look like some later failure.
 */
export async function waitForMail(
  app: AppUnderTest,
  to: string,
  options: {
    since?: Date;
    where?: (mail: TMail) => boolean;
    count?: number;
    what?: string;
    timeoutMs?: number;
  } = {},
): Promise<TMail[]> {
  const { since, where = () => true, count = 1, what = 'e-mail', timeoutMs = 15_000 } = options;
  const address = to.toLowerCase();
  const started = Date.now();
  for (;;) {
    const all = await readMailbox(app);
    const toAddress = all.filter((m) => m.to === address);
    const found = toAddress.filter((m) => (!since || new Date(m.sent_at) >= since) && where(m));
    if (found.length >= count) return found;
    const waited = Date.now() - started;
    if (waited >= timeoutMs) {
      const seen = toAddress.map((m) => `"${m.subject}" at ${m.sent_at}`).join('; ') || 'none at all';
      throw new Error(
        `expected ${count} ${what} to ${address}${since ? ` since ${since.toISOString()}` : ''}, ` +
          `${found.length} arrived in ${(waited / 1000).toFixed(1)} s (the mailbox holds for that address: ${seen})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The sign-in link e-mailed to `email` since `since`. */
export async function signInLink(app: AppUnderTest, email: string, since: Date): Promise<string> {
  const [mail] = await waitForMail(app, email, {
    since,
    where: (m) => m.link !== null,
    what: 'sign-in e-mail with a link',
  });
  return mail!.link!;
}

import express, { Router } from 'express';
import { opsContracts as c } from '@app/shared/contracts';
import type { DevMailbox } from '../mail/dev-mailbox.js';
import type { DevTrialService } from './dev-trial.service.js';
import { AppError } from '../http/errors.js';
import { ANSWERED, contractRoutes } from '../http/route.js';
import { escapeHtml } from '../lib/html.js';
import { loopbackOnly } from '../http/loopback-only.js';

/**
 * The dev mailbox: every e-mail the service "sent" without SMTP, and the trial clock of browser tests.
 * Never mounted in production, so there these paths are plain 404s; elsewhere they answer only this
 * machine (the mailbox holds sign-in links).
 */
export function devRoutes(mailbox: DevMailbox, devTrial: DevTrialService): Router {
  const router = Router();
  const route = contractRoutes(router, { dev: loopbackOnly });

  /** Moves a merchant's trial end: the countdown, grace and "expired" without waiting days. */
  route(
    c.devTrial,
    async ({ body, res }) => {
      const ends = await devTrial.setTrialEnd(body);
      if (!ends) throw new AppError('not_found', 'No merchant with that e-mail.');
      res.setHeader('Cache-Control', 'no-store');
      return { trial_ends_at: ends.toISOString() };
    },
    { before: [express.json({ limit: '1kb' })] },
  );

  route(c.devMailboxJson, async ({ res }) => {
    const rows = await mailbox.list();
    res.setHeader('Cache-Control', 'no-store');
    return {
      messages: rows.map((m) => ({
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        link: m.link,
        sent_at: m.sentAt.toISOString(),
      })),
    };
  });

  route(c.devMailbox, async ({ res }) => {
    const rows = await mailbox.list();
    const items = rows
      .map(
        (m) => `<li>
  <div class="meta"><strong>${escapeHtml(m.to)}</strong> · <time>${escapeHtml(m.sentAt.toISOString())}</time></div>
  <div class="subject">${escapeHtml(m.subject)}</div>
  ${m.link ? `<a class="link" href="${escapeHtml(m.link)}">Open sign-in link / فتح رابط الدخول</a>` : ''}
  <details><summary>Text</summary><pre>${escapeHtml(m.text)}</pre></details>
</li>`,
      )
      .join('\n');
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev mailbox</title><link rel="icon" href="data:,">
<style>
body{font-family:system-ui,sans-serif;max-width:720px;margin:24px auto;padding:0 16px;color:#1f2937}
ul{list-style:none;padding:0}li{border:1px solid #e5e7eb;border-radius:10px;padding:12px 16px;margin:10px 0}
.meta{font-size:13px;color:#6b7280}.subject{margin:4px 0 8px;font-weight:600}
.link{display:inline-block;background:#c13584;color:#fff;padding:8px 14px;border-radius:8px;text-decoration:none}
pre{white-space:pre-wrap;font-size:13px}
</style></head>
<body><h1>Dev mailbox</h1>
<p>E-mails sent while no SMTP server is configured (never in production). Newest first.</p>
${rows.length === 0 ? '<p id="empty">No e-mails yet.</p>' : `<ul id="messages">${items}</ul>`}
</body></html>`);
    return ANSWERED;
  });

  return router;
}

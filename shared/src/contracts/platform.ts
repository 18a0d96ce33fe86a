import { z } from 'zod';
import {
  ZAdminCacheStats,
  ZAdminRefreshRequest,
  ZAdminRefreshResponse,
  ZAdminUsersQuery,
  ZAdminUsersResponse,
} from '../schemas/admin.js';
import { ZDevTrialEnd } from '../schemas/billing.js';
import { ZHealth } from '../schemas/common.js';
import { ZAccountData, ZHighlightStoriesResponse } from '../schemas/content.js';
import { ZWidgetEventsBody } from '../schemas/insights.js';
import { ZHighlightIdParam, ZHighlightStoriesQuery, ZWidgetInit, ZWidgetQuery } from '../schemas/widget.js';
import { contract } from './contract.js';

/** The image proxy's query: an https address on Instagram's or Facebook's CDN. */
export const ZImageProxyQuery = z.object({
  url: z.url({ protocol: /^https$/, message: 'url must be an https address' }).max(4096),
  priority: z.enum(['high', 'low', 'auto']).optional(),
});

const WIDGET_ERRORS = [
  'invalid_identifier',
  'missing_identifier',
  'preview_identifier',
  'widget_not_found',
  'not_connected',
] as const;

/** What store pages call: the widget's snapshot, its beacons, stories, and the image proxy. */
export const widgetContracts = {
  init: contract({
    method: 'get',
    path: '/api/widget/init',
    summary: "The widget's snapshot: settings and content (answered before Express, ETag and 304)",
    auth: 'public',
    query: ZWidgetQuery,
    answerKind: 'json',
    answer: ZWidgetInit,
    errors: [...WIDGET_ERRORS, 'method_not_allowed'],
    belowExpress: true,
  }),
  events: contract({
    method: 'post',
    path: '/api/widget/events',
    summary: "The widget's beacon of visitor events (JSON sent as text/plain; answered before Express)",
    auth: 'public',
    body: ZWidgetEventsBody,
    bodyKind: 'text',
    status: 202,
    answerKind: 'empty',
    errors: ['widget_not_found', 'events_limited', 'invalid_json', 'payload_too_large', 'method_not_allowed'],
    belowExpress: true,
  }),
  content: contract({
    method: 'get',
    path: '/api/widget/content',
    summary: "Older widgets' content call: the feed and account, or the highlights (`type=highlights`)",
    auth: 'public',
    query: ZWidgetQuery,
    answerKind: 'json',
    answer: z.object({ status: z.literal('success'), data: z.record(z.string(), z.unknown()) }),
    errors: [...WIDGET_ERRORS],
  }),
  account: contract({
    method: 'get',
    path: '/api/widget/account',
    summary: "Older widgets' account call",
    auth: 'public',
    query: ZWidgetQuery,
    answerKind: 'json',
    answer: z.object({ status: z.literal('success'), data: ZAccountData }),
    errors: [...WIDGET_ERRORS],
  }),
  highlightStories: contract({
    method: 'get',
    path: '/api/widget/highlights/:id/stories',
    summary: "A highlight's stories",
    auth: 'public',
    params: z.object({ id: ZHighlightIdParam }),
    query: ZHighlightStoriesQuery,
    answerKind: 'json',
    answer: ZHighlightStoriesResponse,
    errors: ['missing_key', 'widget_not_found', 'highlight_not_found'],
  }),
  imageProxy: contract({
    method: 'get',
    path: '/api/image-proxy',
    summary: "An Instagram CDN picture, for clients that still hold Instagram's URLs",
    auth: 'public',
    query: ZImageProxyQuery,
    answerKind: 'bytes',
    errors: ['invalid_url', 'proxy_busy'],
  }),
  demoStore: contract({
    method: 'get',
    path: '/demo/store',
    summary: 'A demo store page with the widget (development, loopback only)',
    auth: 'dev',
    answerKind: 'html',
    errors: [],
  }),
} as const;

/** The administrators' pages. */
export const adminContracts = {
  users: contract({
    method: 'get',
    path: '/api/admin/users',
    summary: 'The merchants, searchable, with their plan and health',
    auth: 'admin',
    query: ZAdminUsersQuery,
    answerKind: 'json',
    answer: ZAdminUsersResponse,
    errors: [],
  }),
  contentRefresh: contract({
    method: 'post',
    path: '/api/admin/content-refresh',
    summary: "Refresh a merchant's content now",
    auth: 'admin',
    body: ZAdminRefreshRequest,
    status: 202,
    answerKind: 'json',
    answer: ZAdminRefreshResponse,
    errors: ['account_not_found'],
  }),
  cacheStats: contract({
    method: 'get',
    path: '/api/admin/cache-stats',
    summary: "The cache's figures",
    auth: 'admin',
    answerKind: 'json',
    answer: ZAdminCacheStats,
    errors: ['cache_unavailable'],
  }),
} as const;

/** Probes, metrics, media, the PWA's pages, and the development helpers. */
export const opsContracts = {
  livez: contract({
    method: 'get',
    path: '/livez',
    summary: 'The process is alive',
    auth: 'public',
    answerKind: 'json',
    answer: z.object({ status: z.literal('live'), version: z.string() }),
    errors: [],
  }),
  healthz: contract({
    method: 'get',
    path: '/healthz',
    summary: 'Health with the backends in use',
    auth: 'public',
    answerKind: 'json',
    answer: ZHealth,
    errors: [],
  }),
  readyz: contract({
    method: 'get',
    path: '/readyz',
    summary: 'Ready for traffic (503 while a check fails or the process drains)',
    auth: 'public',
    answerKind: 'json',
    answer: z.object({
      status: z.enum(['ready', 'not_ready']),
      failed: z.array(z.string()),
      checks: z.record(z.string(), z.string()),
      db: z.string(),
      cache: z.string(),
      version: z.string(),
    }),
    errors: [],
  }),
  openapi: contract({
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This document: every route, generated from the contracts',
    auth: 'public',
    answerKind: 'json',
    answer: z.record(z.string(), z.unknown()),
    errors: [],
  }),
  metrics: contract({
    method: 'get',
    path: '/metrics',
    summary: 'Prometheus metrics (bearer token or the metrics port)',
    auth: 'admin',
    answerKind: 'text',
    errors: ['not_found'],
  }),
  media: contract({
    method: 'get',
    path: '/media/:name',
    summary: 'A stored picture or video (ranges, ETag)',
    auth: 'public',
    params: z.object({ name: z.string() }),
    answerKind: 'bytes',
    errors: ['not_found'],
  }),
  mediaOther: contract({
    method: 'all',
    path: '/media/*rest',
    summary: 'Any other media path: 404',
    auth: 'public',
    answerKind: 'empty',
    errors: ['not_found'],
  }),
  pwaIndex: contract({
    method: 'get',
    path: '/index.html',
    summary: 'The landing page (with the public configuration)',
    auth: 'public',
    answerKind: 'html',
    errors: [],
  }),
  pwaShell: contract({
    method: 'get',
    path: '/app.html',
    summary: "The dashboard's shell (with the public configuration)",
    auth: 'public',
    answerKind: 'html',
    errors: [],
  }),
  devTrial: contract({
    method: 'post',
    path: '/api/dev/trial',
    summary: "Move a merchant's trial end (browser tests)",
    auth: 'dev',
    body: ZDevTrialEnd,
    answerKind: 'json',
    answer: z.object({ trial_ends_at: z.string() }),
    errors: [],
  }),
  devMailboxJson: contract({
    method: 'get',
    path: '/api/dev/mailbox',
    summary: 'The e-mails sent on this machine',
    auth: 'dev',
    answerKind: 'json',
    answer: z.object({
      messages: z.array(
        z.object({
          to: z.string(),
          subject: z.string(),
          text: z.string(),
          html: z.string().nullish(),
          link: z.string().nullish(),
          sentAt: z.string(),
        }),
      ),
    }),
    errors: [],
  }),
  devMailbox: contract({
    method: 'get',
    path: '/dev/mailbox',
    summary: 'The e-mails sent on this machine, as a page',
    auth: 'dev',
    answerKind: 'html',
    errors: [],
  }),
} as const;

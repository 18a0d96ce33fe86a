import { z } from 'zod';
import {
  ZDataDeletionAnswer,
  ZDataDeletionStatusQuery,
  ZInstagramCallbackQuery,
  ZInstagramConnection,
  ZInstagramConnectResponse,
  ZInstagramUsernameInput,
  ZMetaSignedRequestBody,
} from '../schemas/instagram.js';
import {
  ZSallaWebhook,
  ZScriptFailuresResponse,
  ZStoreConnectionResponse,
  ZStoreLinkResponse,
  ZStoreLinksResponse,
  ZStoreLinkTokenRequest,
  ZZidWebhook,
} from '../schemas/integrations.js';
import { ZOAuthCode, ZOAuthState } from '../schemas/text.js';
import { contract } from './contract.js';

/** The accepted answer of a platform's webhook (200 for a delivery already received, else 202). */
const ZWebhookAccepted = z.object({ status: z.enum(['accepted', 'duplicate']) });

/** The dev consent page's query (the login window's `redirect_uri` and `state`). */
export const ZDevConsentQuery = z.object({
  redirect_uri: z.string().min(1).max(2000),
  state: z.string().min(1).max(4000),
});
/** The dev consent page's choice: an account, or `deny`. */
export const ZDevConsentDecision = ZDevConsentQuery.extend({
  username: z.string().max(60).optional(),
  deny: z.string().optional(),
});

/** Connect with Instagram or Facebook: the same five routes under `/api/<provider>`. */
function connectContracts<const P extends 'instagram' | 'facebook'>(provider: P) {
  return {
    connect: contract({
      method: 'post',
      path: `/api/${provider}/connect`,
      summary: `The URL of ${provider}'s login window (sets the browser cookie)`,
      auth: 'merchant',
      answerKind: 'json',
      answer: ZInstagramConnectResponse,
      errors: [`${provider}_not_configured`],
    }),
    callback: contract({
      method: 'get',
      path: `/api/${provider}/callback`,
      summary: `${provider}'s redirect back; redirects to the dashboard with the outcome`,
      auth: 'public',
      query: ZInstagramCallbackQuery,
      status: 302,
      answerKind: 'redirect',
      errors: [],
    }),
    connection: contract({
      method: 'get',
      path: `/api/${provider}/connection`,
      summary: 'The connected account',
      auth: 'merchant',
      answerKind: 'json',
      answer: ZInstagramConnection,
      errors: [],
    }),
    disconnect: contract({
      method: 'delete',
      path: `/api/${provider}/connection`,
      summary: 'Disconnect (deletes the token)',
      auth: 'merchant',
      answerKind: 'json',
      answer: z.object({ disconnected: z.boolean() }),
      errors: [],
    }),
    devAuthorize: contract({
      method: 'get',
      path: `/dev/${provider}/authorize`,
      summary: `The dev consent page standing in for ${provider}'s login window`,
      auth: 'dev',
      query: ZDevConsentQuery,
      answerKind: 'html',
      errors: ['invalid_redirect_uri'],
    }),
    devDecide: contract({
      method: 'get',
      path: `/dev/${provider}/decide`,
      summary: "The dev consent page's choice; redirects to the callback",
      auth: 'dev',
      query: ZDevConsentDecision,
      status: 302,
      answerKind: 'redirect',
      errors: ['invalid_redirect_uri'],
    }),
    devRevoke: contract({
      method: 'post',
      path: `/api/dev/${provider}/revoke`,
      summary: "Revoke a dev account's token (its next use is refused like error 190)",
      auth: 'dev',
      body: z.object({ username: ZInstagramUsernameInput }),
      answerKind: 'json',
      answer: z.object({ revoked: z.string() }),
      errors: [],
    }),
  };
}

export const instagramContracts = {
  ...connectContracts('instagram'),
  deauthorize: contract({
    method: 'post',
    path: '/api/instagram/deauthorize',
    summary: "Meta's deauthorize callback (form `signed_request`)",
    auth: 'webhook',
    body: ZMetaSignedRequestBody,
    bodyKind: 'form',
    answerKind: 'json',
    answer: z.object({ ok: z.literal(true) }),
    errors: ['invalid_signed_request'],
  }),
  dataDeletion: contract({
    method: 'post',
    path: '/api/instagram/data-deletion',
    summary: "Meta's data-deletion request (form `signed_request`)",
    auth: 'webhook',
    body: ZMetaSignedRequestBody,
    bodyKind: 'form',
    answerKind: 'json',
    answer: ZDataDeletionAnswer,
    errors: ['invalid_signed_request'],
  }),
  dataDeletionStatus: contract({
    method: 'get',
    path: '/api/instagram/data-deletion/status',
    summary: "A data deletion's status page (404 for an unknown code)",
    auth: 'public',
    query: ZDataDeletionStatusQuery,
    answerKind: 'html',
    errors: [],
  }),
} as const;

export const facebookContracts = connectContracts('facebook');

/** Salla, Zid, and linking a store installed from a platform to a Lamha account. */
export const storeContracts = {
  sallaWebhook: contract({
    method: 'post',
    path: '/api/integrations/salla/webhook',
    summary: "Salla's app and product events (signed over the raw bytes)",
    auth: 'webhook',
    body: ZSallaWebhook,
    status: 202,
    answerKind: 'json',
    answer: ZWebhookAccepted,
    errors: ['invalid_signature', 'invalid_payload', 'payload_too_large'],
  }),
  sallaSnippet: contract({
    method: 'get',
    path: '/integrations/salla/snippet.js',
    summary: "The script Salla's app snippet loads on the store's pages",
    auth: 'public',
    answerKind: 'javascript',
    errors: [],
  }),
  zidWebhook: contract({
    method: 'post',
    path: '/api/integrations/zid/webhook/:secret',
    summary: "Zid's app events (the URL's secret proves them)",
    auth: 'webhook',
    params: z.object({ secret: z.string() }),
    body: ZZidWebhook,
    status: 202,
    answerKind: 'json',
    answer: ZWebhookAccepted,
    errors: ['invalid_secret', 'invalid_payload', 'payload_too_large'],
  }),
  zidStoreWebhook: contract({
    method: 'post',
    path: '/api/integrations/zid/webhook/:secret/stores/:store_id/:event',
    summary: "A Zid store's product events (the URL names the store and the event)",
    auth: 'webhook',
    params: z.object({ secret: z.string(), store_id: z.string(), event: z.string() }),
    status: 202,
    answerKind: 'json',
    answer: ZWebhookAccepted,
    errors: ['invalid_secret', 'invalid_payload', 'payload_too_large'],
  }),
  zidInstall: contract({
    method: 'get',
    path: '/api/integrations/zid/install',
    summary: "Redirects to Zid's authorize page (or the install guide when Zid is not configured)",
    auth: 'public',
    status: 302,
    answerKind: 'redirect',
    errors: [],
  }),
  zidCallback: contract({
    method: 'get',
    path: '/api/integrations/zid/callback',
    summary: "Zid's redirect back; redirects to the sign-in page with the outcome",
    auth: 'public',
    query: z.object({ code: ZOAuthCode, state: ZOAuthState }),
    status: 302,
    answerKind: 'redirect',
    errors: [],
  }),
  storeLinkPreview: contract({
    method: 'post',
    path: '/api/integrations/store-link/preview',
    summary: 'What a store-link token would link',
    auth: 'public',
    body: ZStoreLinkTokenRequest,
    answerKind: 'json',
    answer: ZStoreLinkResponse,
    errors: ['store_link_invalid'],
  }),
  storeLinkConfirm: contract({
    method: 'post',
    path: '/api/integrations/store-link/confirm',
    summary: 'Link the installed store to the account',
    auth: 'public',
    body: ZStoreLinkTokenRequest,
    answerKind: 'json',
    answer: ZStoreLinkResponse,
    errors: ['store_link_invalid'],
  }),
  storeLinkDecline: contract({
    method: 'post',
    path: '/api/integrations/store-link/decline',
    summary: 'Refuse a store link',
    auth: 'public',
    body: ZStoreLinkTokenRequest,
    status: 204,
    answerKind: 'empty',
    errors: [],
  }),
  storeLinks: contract({
    method: 'get',
    path: '/api/merchant/store-links',
    summary: "The merchant's linked stores",
    auth: 'merchant',
    answerKind: 'json',
    answer: ZStoreLinksResponse,
    errors: [],
  }),
  storeConnection: contract({
    method: 'get',
    path: '/api/merchant/store-connection',
    summary: "The platform store's connection and its script's state",
    auth: 'merchant',
    answerKind: 'json',
    answer: ZStoreConnectionResponse,
    errors: [],
  }),
  retryScript: contract({
    method: 'post',
    path: '/api/merchant/store-connection/script/retry',
    summary: "Install the widget's script on the Zid store again",
    auth: 'merchant',
    answerKind: 'json',
    answer: ZStoreConnectionResponse,
    errors: [],
  }),
  adminScriptFailures: contract({
    method: 'get',
    path: '/api/admin/integrations/script-failures',
    summary: 'Zid stores whose script could not be installed',
    auth: 'admin',
    answerKind: 'json',
    answer: ZScriptFailuresResponse,
    errors: [],
  }),
} as const;

import { ZStoreLinkResponse, type TStoreLink } from '@app/shared';
import { requestJson, type TApiResult } from '../../auth/lib/api-request';

const post = (path: string, token: string) => () =>
  fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({ token }),
  });

/** The "link this store?" request behind an e-mailed token (reading it changes nothing). */
export const previewStoreLink = (token: string): Promise<TApiResult<TStoreLink>> =>
  requestJson(post('/api/integrations/store-link/preview', token), ZStoreLinkResponse).then((r) =>
    r.ok ? { ...r, value: r.value.link } : r,
  );

/** The owner confirms: the store is linked to their account. */
export const confirmStoreLink = (token: string): Promise<TApiResult<TStoreLink>> =>
  requestJson(post('/api/integrations/store-link/confirm', token), ZStoreLinkResponse).then((r) =>
    r.ok ? { ...r, value: r.value.link } : r,
  );

/** The owner says it is not their store: the request is dropped. */
export const declineStoreLink = (token: string): Promise<TApiResult<undefined>> =>
  requestJson(post('/api/integrations/store-link/decline', token));

import type { TStoreLink } from '@app/shared';
import { storeContracts } from '@app/shared/contracts';
import type { TApiResult } from '../../auth/lib/api-request';
import { createApiClient } from '../../../lib/api-client';

/** No session is needed: the e-mailed token is the proof (the browser's own fetch, same-origin cookies). */
const { call } = createApiClient((input, init) => fetch(input, { ...init, credentials: 'same-origin' }));

/** The "link this store?" request behind an e-mailed token (reading it changes nothing). */
export const previewStoreLink = (token: string): Promise<TApiResult<TStoreLink>> =>
  call(storeContracts.storeLinkPreview, { body: { token } }).then((r) =>
    r.ok ? { ...r, value: r.value.link } : r,
  );

/** The owner confirms: the store is linked to their account. */
export const confirmStoreLink = (token: string): Promise<TApiResult<TStoreLink>> =>
  call(storeContracts.storeLinkConfirm, { body: { token } }).then((r) =>
    r.ok ? { ...r, value: r.value.link } : r,
  );

/** The owner says it is not their store: the request is dropped. */
export const declineStoreLink = (token: string): Promise<TApiResult<undefined>> =>
  call(storeContracts.storeLinkDecline, { body: { token } });

import {
  ADMIN_PAGE_SIZE_MAX,
  ZAdminCacheStatsReading,
  ZAdminDeadJobs,
  ZAdminJobRetried,
  ZAdminRefreshResponse,
  ZAdminUsersResponse,
  type TAdminAccount,
  type TAdminCacheStatsReading,
  type TAdminDeadJobs,
  type TAdminRefreshResponse,
} from '@app/shared';
import { JSON_HEADERS, requestJson, type TApiResult } from '../../auth/lib/api-request';

/** `fetch` with the signed-in admin's bearer token: the auth client's `fetchWithAuth`. */
export type TAuthedFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** Enough pages for any realistic kingdom; a runaway total never loops forever. */
const MAX_PAGES = 100;

/**
 * The admin calls (product §7), authorised on the server by the session's `is_admin` — the page carries no
 * secret. Nothing here throws: every failure comes back as a value for the page to word.
 */
export function createAdminApi(fetchWithAuth: TAuthedFetch) {
  const get = (url: string) => () => fetchWithAuth(url, { method: 'GET', headers: JSON_HEADERS });

  return {
    /** Every connected account, page after page (search and counts are client-side, product §5). */
    async listAllAccounts(): Promise<TApiResult<TAdminAccount[]>> {
      const accounts: TAdminAccount[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const result = await requestJson(
          get(`/api/admin/users?page=${page}&page_size=${ADMIN_PAGE_SIZE_MAX}`),
          ZAdminUsersResponse,
        );
        if (!result.ok) return result;
        accounts.push(...result.value.accounts);
        if (result.value.accounts.length === 0 || accounts.length >= result.value.total) break;
      }
      return { ok: true, value: accounts, status: 200 };
    },

    refreshAccount(userId: string): Promise<TApiResult<TAdminRefreshResponse>> {
      return requestJson(
        () =>
          fetchWithAuth('/api/admin/content-refresh', {
            method: 'POST',
            headers: JSON_HEADERS,
            body: JSON.stringify({ userId, sourceType: 'all', forceInvalidate: true }),
          }),
        ZAdminRefreshResponse,
      );
    },

    refreshAll(): Promise<TApiResult<TAdminRefreshResponse>> {
      return requestJson(
        () =>
          fetchWithAuth('/api/admin/content-refresh', {
            method: 'POST',
            headers: JSON_HEADERS,
            body: JSON.stringify({ refreshAll: true, sourceType: 'all', forceInvalidate: true }),
          }),
        ZAdminRefreshResponse,
      );
    },

    cacheStats(): Promise<TApiResult<TAdminCacheStatsReading>> {
      return requestJson(get('/api/admin/cache-stats'), ZAdminCacheStatsReading);
    },

    /** Background jobs that failed their last attempt (docs/architecture.md, "Background work"). */
    deadJobs(): Promise<TApiResult<TAdminDeadJobs>> {
      return requestJson(get('/api/admin/jobs/dead'), ZAdminDeadJobs);
    },

    /** Puts one dead job back in the queue, its attempts reset. */
    retryJob(id: string) {
      return requestJson(
        () =>
          fetchWithAuth(`/api/admin/jobs/${encodeURIComponent(id)}/retry`, {
            method: 'POST',
            headers: JSON_HEADERS,
          }),
        ZAdminJobRetried,
      );
    },
  };
}

export type TAdminApi = ReturnType<typeof createAdminApi>;

import {
  ADMIN_PAGE_SIZE_MAX,
  ZAdminCacheStatsReading,
  type TAdminAccount,
  type TAdminCacheStatsReading,
  type TAdminDeadJobs,
  type TAdminRefreshResponse,
} from '@app/shared';
import { adminContracts as admin } from '@app/shared/contracts';
import { requestJson, type TApiResult } from '../../auth/lib/api-request';
import { createApiClient } from '../../../lib/api-client';

/** `fetch` with the signed-in admin's bearer token: the auth client's `fetchWithAuth`. */
export type TAuthedFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** Enough pages for any realistic kingdom; a runaway total never loops forever. */
const MAX_PAGES = 100;

/**
 * The admin calls (product §7), authorised on the server by the session's `is_admin` — the page carries no
 * secret. Nothing here throws: every failure comes back as a value for the page to word.
 */
export function createAdminApi(fetchWithAuth: TAuthedFetch) {
  const { call, request } = createApiClient(fetchWithAuth);

  return {
    /** Every connected account, page after page (search and counts are client-side, product §5). */
    async listAllAccounts(): Promise<TApiResult<TAdminAccount[]>> {
      const accounts: TAdminAccount[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const result = await call(admin.users, { query: { page, page_size: ADMIN_PAGE_SIZE_MAX } });
        if (!result.ok) return result;
        accounts.push(...result.value.accounts);
        if (result.value.accounts.length === 0 || accounts.length >= result.value.total) break;
      }
      return { ok: true, value: accounts, status: 200 };
    },

    refreshAccount(userId: string): Promise<TApiResult<TAdminRefreshResponse>> {
      return call(admin.contentRefresh, {
        body: { user_id: userId, source_type: 'all', force_invalidate: true },
      });
    },

    refreshAll(): Promise<TApiResult<TAdminRefreshResponse>> {
      return call(admin.contentRefresh, {
        body: { refresh_all: true, source_type: 'all', force_invalidate: true },
      });
    },

    /** Read more forgivingly than the contract's answer: a figure the cache does not report shows as 'not available'. */
    cacheStats(): Promise<TApiResult<TAdminCacheStatsReading>> {
      return requestJson(request(admin.cacheStats), ZAdminCacheStatsReading);
    },

    /** Background jobs that failed their last attempt (docs/architecture.md, "Background work"). */
    deadJobs(): Promise<TApiResult<TAdminDeadJobs>> {
      return call(admin.deadJobs);
    },

    /** Puts one dead job back in the queue, its attempts reset. */
    retryJob(id: string) {
      return call(admin.retryJob, { params: { id } });
    },
  };
}

export type TAdminApi = ReturnType<typeof createAdminApi>;

import type { TInsights } from '@app/shared';
import { merchantContracts } from '@app/shared/contracts';
import type { TApiResult } from '../../auth/lib/api-request';
import { createApiClient, type TFetch } from '../../../lib/api-client';

export type TInsightsPeriod = 7 | 30 | 90;
export const INSIGHTS_PERIOD_CHOICES: readonly TInsightsPeriod[] = [7, 30, 90];

/** The Insights call. `send` is the authorised fetch (tests pass a double). */
export function createInsightsApi(send: TFetch) {
  const { call } = createApiClient(send);
  return {
    insights: (days: TInsightsPeriod): Promise<TApiResult<TInsights>> =>
      call(merchantContracts.insights, { query: { days: `${days}` } }),
  };
}
export type TInsightsApi = ReturnType<typeof createInsightsApi>;

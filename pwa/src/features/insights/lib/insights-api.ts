import { ZInsights, type TInsights } from '@app/shared';
import { requestJson, type TApiResult } from '../../auth/lib/api-request';
import type { TFetch } from '../../dashboard/lib/merchant-api';

export type TInsightsPeriod = 7 | 30 | 90;
export const INSIGHTS_PERIOD_CHOICES: readonly TInsightsPeriod[] = [7, 30, 90];

/** The Insights call. `send` is the authorised fetch (tests pass a double). */
export function createInsightsApi(send: TFetch) {
  return {
    insights: (days: TInsightsPeriod): Promise<TApiResult<TInsights>> =>
      requestJson(() => send(`/api/merchant/insights?days=${days}`), ZInsights),
  };
}
export type TInsightsApi = ReturnType<typeof createInsightsApi>;

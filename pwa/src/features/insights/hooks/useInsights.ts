import { useCallback, useEffect, useState } from 'react';
import type { TInsights } from '@app/shared';
import type { TApiFailure } from '../../auth/lib/api-request';
import type { TInsightsApi, TInsightsPeriod } from '../lib/insights-api';

export type TInsightsState =
  { kind: 'loading' } | { kind: 'failed'; failure: TApiFailure } | { kind: 'ready'; insights: TInsights };

/** The insights of one period, loaded when the period changes; the last answer stays while the next loads. */
export function useInsights(api: TInsightsApi, days: TInsightsPeriod, canTalk: boolean) {
  const [state, setState] = useState<TInsightsState>({ kind: 'loading' });

  const reload = useCallback(async () => {
    const result = await api.insights(days);
    if (result.ok) setState({ kind: 'ready', insights: result.value });
    else setState((prev) => (prev.kind === 'ready' ? prev : { kind: 'failed', failure: result.failure }));
  }, [api, days]);

  useEffect(() => {
    if (canTalk) void reload();
  }, [canTalk, reload]);

  return { state, reload };
}

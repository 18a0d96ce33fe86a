import { useCallback, useEffect, useState } from 'react';
import type { TAdminCacheStatsReading } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { describeFailure } from '../lib/admin-format';
import { useAdminApi } from './useAdminApi';

/** product §4 stats load: loading, then loaded or error. */
export type TStatsState =
  | { status: 'loading' }
  | { status: 'loaded'; stats: TAdminCacheStatsReading }
  | { status: 'error'; message: string };

export function useCacheStats() {
  const api = useAdminApi();
  const { lang } = useI18n();
  const [state, setState] = useState<TStatsState>({ status: 'loading' });

  const load = useCallback(
    async (isCurrent: () => boolean = () => true) => {
      setState({ status: 'loading' });
      const result = await api.cacheStats();
      if (!isCurrent()) return;
      setState(
        result.ok
          ? { status: 'loaded', stats: result.value }
          : { status: 'error', message: describeFailure(result.failure, lang) },
      );
    },
    [api, lang],
  );

  useEffect(() => {
    let current = true;
    void load(() => current);
    return () => {
      current = false;
    };
  }, [load]);

  return { state, reload: () => void load() };
}

import { useCallback, useEffect, useState } from 'react';
import type { TMerchantHighlight, TStoriesList } from '@app/shared';
import type { TApiFailure } from '../../auth/lib/api-request';
import type { THighlightsApi } from '../lib/highlights-api';

export type THighlightsState =
  | { kind: 'loading' }
  | { kind: 'plan_required' }
  | { kind: 'failed'; failure: TApiFailure }
  | { kind: 'ready'; highlights: TMerchantHighlight[]; archive: TStoriesList };

/** The merchant's highlights and story archive, loaded together and reloaded after every change. */
export function useHighlights(api: THighlightsApi, canTalk: boolean) {
  const [state, setState] = useState<THighlightsState>({ kind: 'loading' });

  const reload = useCallback(async () => {
    const [highlights, archive] = await Promise.all([api.highlights(), api.stories()]);
    if (highlights.ok && archive.ok) {
      setState({ kind: 'ready', highlights: highlights.value.highlights, archive: archive.value });
      return;
    }
    const failure = !highlights.ok ? highlights.failure : !archive.ok ? archive.failure : undefined;
    if (!failure) return;
    if (failure.kind === 'http' && failure.code === 'plan_required') setState({ kind: 'plan_required' });
    else setState((prev) => (prev.kind === 'ready' ? prev : { kind: 'failed', failure }));
  }, [api]);

  useEffect(() => {
    if (canTalk) void reload();
  }, [canTalk, reload]);

  return { state, reload };
}

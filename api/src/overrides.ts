import type { EventLimits } from './insights/insights.service.js';
import type { InstagramSource, MediaFetcher, MediaStreamer } from './instagram/instagram.source.js';
import type { FetchLike } from './integrations/platform-http.js';

/** What tests replace when they build the services: outside services become fakes on 127.0.0.1. */
export interface ServiceOverrides {
  /** Tests point Salla/Zid calls at fakes on 127.0.0.1. */
  platformFetch?: FetchLike;
  /** Tests point Moyasar calls at a fake on 127.0.0.1. */
  moyasarFetch?: FetchLike;
  /** Tests inject a source or media fetcher (fakes on 127.0.0.1). */
  source?: InstagramSource;
  mediaFetcher?: MediaFetcher;
  /** Tests fetch product pictures from a fake (else any public https host through the guarded fetcher). */
  productMediaFetcher?: MediaFetcher;
  /** Tests stream image-proxy answers from a fake (else the media fetcher override, buffered). */
  proxyStreamer?: MediaStreamer;
  random?: () => number;
  workerId?: string;
  /** Tests lower the widget events' rate limits. */
  eventLimits?: EventLimits;
  /** Tests renew refresh leases faster than a third of REFRESH_LEASE_SECONDS. */
  refreshHeartbeatMs?: number;
}

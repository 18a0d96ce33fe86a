import { useSyncExternalStore } from 'react';
import {
  EMPTY_PUBLIC_CONFIG,
  PUBLIC_CONFIG_ELEMENT_ID,
  readPublicConfig,
  whatsappUrl,
  type TPublicConfig,
} from '@app/shared';

let cached: TPublicConfig | undefined;

/** The config the server wrote into this page (see api/src/http/static.ts); unset when absent or bad. */
function pageConfig(): TPublicConfig {
  if (!cached) {
    let value: unknown;
    try {
      value = JSON.parse(document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent || '{}');
    } catch {
      value = undefined;
    }
    cached = readPublicConfig(value);
  }
  return cached;
}

const noChanges = () => () => {};

/**
 * The operator's public facts: the support WhatsApp number and the company identity. The prerender and the
 * first (hydrating) render see none, as the prerendered HTML was written without them; React then renders
 * again with the page's values, so hydration never mismatches.
 */
export function usePublicConfig(): TPublicConfig & { whatsappHref: string | null } {
  const config = useSyncExternalStore(noChanges, pageConfig, () => EMPTY_PUBLIC_CONFIG);
  return { ...config, whatsappHref: config.support_whatsapp ? whatsappUrl(config.support_whatsapp) : null };
}

/** Tests set the page's config as the server would. */
export function setPublicConfigForTests(config: TPublicConfig | undefined): void {
  cached = config;
}

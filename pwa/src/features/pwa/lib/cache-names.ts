/** The service worker's runtime caches: named once, used by its routes (vite.config.ts) and the app. */
export const API_CACHE = 'lamha-api';
export const WIDGET_CACHE = 'lamha-widget';
export const WIDGET_CORE_CACHE = 'lamha-widget-core';
export const MEDIA_CACHE = 'lamha-media';

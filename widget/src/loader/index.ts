import { readLoaderConfig } from './config.js';

// The loader entry. Rendering (core bundle, Shadow DOM) is not built yet (issue "Public widget"):
// for now it only validates its configuration and never throws into the host page.
try {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement) readLoaderConfig(current);
} catch {
  // Never break the merchant's page.
}

export * from './contract.js';
export * from './account.js';
export * from './billing.js';
export * from './content.js';
export * from './integrations.js';
export * from './platform.js';
export * from './registry.js';
export * from './openapi.js';

export * from './plans.js';
export * from './format.js';
export * from './schemas/common.js';
export * from './i18n/index.js';
export * from './schemas/auth.js';
export * from './schemas/content.js';
export * from './schemas/widget.js';
export * from './schemas/merchant.js';

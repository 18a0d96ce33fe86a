export * from './local-data';
export { createDebouncedSaver } from './debounced-saver';
export { claimEditorId, refreshLiveEditors } from './editor-identity';
export type { TMerchantRecord, TOutboxEntry, TPreviewRecord } from './database';

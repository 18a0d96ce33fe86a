export * from './local-data';
export { createDebouncedSaver, type TDebouncedSaver } from './debounced-saver';
export { claimEditorId, refreshLiveEditors } from './editor-identity';
export type {
  TDraftRecord,
  TMerchantRecord,
  TOutboxEntry,
  TPreviewRecord,
  TSavedSettingsRecord,
} from './database';

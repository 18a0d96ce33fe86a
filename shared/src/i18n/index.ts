export { ar } from './ar.js';
export { en, type TMessageKey } from './en.js';
export {
  DEFAULT_LANGUAGE,
  formatMessage,
  isLanguage,
  languageDirection,
  LANGUAGES,
  type TMessageCatalogue,
  type TMessageParams,
  type TTextDirection,
} from './language.js';
export {
  loadMessagePart,
  loadSiteMessages,
  messagePartOf,
  type TMessagePart,
  type TMessageSet,
} from './parts.js';
export { messages, translate } from './translate.js';
export { wrongForms } from './wrong-forms.js';

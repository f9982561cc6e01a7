/*
 * The texts the service sends (emails, text messages) in every language it writes, and the
 * locale formatting of what goes into them. A low layer: the mail and SMS layers and the
 * modules use it; it uses nothing of theirs.
 */
export { LANGUAGES, chooseLanguage, isLanguage, normaliseLanguage, type Language } from './language.js';
export { CATALOGUES, catalogueText, formatMessage, formatText, LOCALES, type MessageValues } from './format.js';
export type { MessageKey } from './catalogues/en.js';
export { localeFormat, minutesBetween, type LocaleFormat, type TimeFormat } from './locale.js';
export { placeholdersOf, UnparsableMessageError } from './placeholders.js';
export { EDITABLE_MESSAGES, editableMessage, type EditableMessage } from './editable.js';

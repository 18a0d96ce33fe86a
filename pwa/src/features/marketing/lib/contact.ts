/**
 * How merchants reach us. One place, so the landing page, the support page, the footer and the legal text
 * always agree.
 */
export const SUPPORT_EMAIL = 'support@lamha.app';
export const SUPPORT_EMAIL_HREF = `mailto:${SUPPORT_EMAIL}`;

/**
 * The support chat (WhatsApp). A placeholder number until the support line is provisioned: replace it here
 * and every chat link follows.
 */
export const SUPPORT_CHAT_URL = 'https://wa.me/966500000000';

/** Spec §9: we aim to reply within 24 business hours. */
export const SUPPORT_REPLY_HOURS = 24;

/**
 * How merchants reach us. One place, so the landing page, the support page, the footer and the legal text
 * always agree.
 */
export const SUPPORT_EMAIL = 'support@lamha.app';
export const SUPPORT_EMAIL_HREF = `mailto:${SUPPORT_EMAIL}`;

/** product §9: we aim to reply within 24 business hours. */
export const SUPPORT_REPLY_HOURS = 24;

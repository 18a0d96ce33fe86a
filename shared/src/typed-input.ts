/**
 * What merchants type, read as they type it: Arabic-Indic (٠–٩) and Extended Arabic-Indic (۰–۹) digits, the
 * Arabic decimal separator (٫) and thousands separator (٬), and bare domains where a link is asked.
 */

/** Western digits and "." for the Arabic ones; thousands separators (٬ and ,) dropped. */
export function latinNumber(text: string): string {
  return text
    .trim()
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660))
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x6f0))
    .replace(/٫/g, '.')
    .replace(/[٬,](?=\d{3}(?:\D|$))/g, '');
}

/** A whole number typed in any of those digits; undefined when it is not one. */
export function parseWholeNumber(text: string): number | undefined {
  const v = latinNumber(text);
  return /^-?\d{1,9}$/.test(v) ? Number(v) : undefined;
}

/** A link typed without a scheme ("mystore.com/p/1") gets https://; anything else is returned trimmed. */
export function withHttps(text: string): string {
  const v = text.trim();
  if (v === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(v)) return v;
  return `https://${v.replace(/^\/+/, '')}`;
}

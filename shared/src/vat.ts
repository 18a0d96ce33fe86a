/**
 * A Saudi VAT registration number: 15 digits, the first and the last a 3. Its own module so the billing
 * schemas can use it without pulling the public configuration's reader into the dashboard's chunks (and
 * out of the landing page's).
 */
export const VAT_PATTERN = /^3\d{13}3$/;

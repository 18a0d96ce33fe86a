import { z } from 'zod';

/** What people paste: "@Blue.Bottle ", copied with the @ from a profile page. Instagram names are case-insensitive. */
export function normaliseUsername(input: string): string {
  const trimmed = input.trim();
  // Every leading @: "@@name" is a slip of the paste, not a different name.
  return trimmed.replace(/^@+/, '').toLowerCase();
}

const USERNAME_MESSAGE = 'Please enter a valid Instagram username';

/**
 * Instagram's own rules: 1–30 letters, digits, periods and underscores; a period may not start or end the
 * name, nor follow another. Usernames also end up inside a Graph API field expression
 * (`business_discovery.username(NAME)`), so nothing else may ever get through.
 */
export const ZInstagramUsername = z
  .string()
  .regex(/^(?!\.)(?!.*\.\.)(?!.*\.$)[A-Za-z0-9._]{1,30}$/, { message: USERNAME_MESSAGE });

/** For form fields and query strings: normalises first, then checks. */
export const ZInstagramUsernameInput = z
  .string({ message: USERNAME_MESSAGE })
  .transform(normaliseUsername)
  .pipe(ZInstagramUsername);

/** The normalised username, or undefined when it breaks Instagram's rules. */
export function parseUsername(input: string): string | undefined {
  const parsed = ZInstagramUsernameInput.safeParse(input);
  return parsed.success ? parsed.data : undefined;
}

import { AuthClient } from './auth-client';

/** The one auth client of the app. Components reach it through `useAuth()`; plain modules import it. */
export const authClient = new AuthClient();

/** `fetch` for our API with the signed-in user's bearer token (refreshed when needed). */
export function fetchWithAuth(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return authClient.fetchWithAuth(input, init);
}

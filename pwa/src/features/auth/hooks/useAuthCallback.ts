import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from './useAuth';
import { DASHBOARD_PATH, LOGIN_PATH, SIGN_IN_ERROR_MESSAGE } from '../lib/auth-navigation';

/** The states of product §4 "Auth callback" (no token pairs in URLs with our API, so no setting_session). */
export type TCallbackState =
  'initializing' | 'checking_session' | 'parsing_url' | 'exchanging_code' | 'success' | 'error';

export type TCallbackErrorCode =
  | 'auth_exception'
  | 'code_exchange_error'
  | 'code_exchange_exception'
  | 'missing_tokens'
  | 'unexpected_error';

/** product §9: if nothing has moved the user after 3 s, a session that exists by then goes to the dashboard. */
export const CALLBACK_FALLBACK_MS = 3000;

interface TCallbackParams {
  code: string | null;
  error: string | null;
  errorDescription: string | null;
}

/** Reads the callback URL. Providers put errors in the query or in the hash, so both are read. */
export function readCallbackParams(search: string, hash: string): TCallbackParams {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const pick = (name: string) => query.get(name) ?? fragment.get(name);
  return { code: query.get('code'), error: pick('error'), errorDescription: pick('error_description') };
}

export function loginErrorPath(code: TCallbackErrorCode, message: string): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ error: code, message }).toString()}`;
}

/**
 * Runs the sign-in callback once: existing session → dashboard; error in the URL → /login with the
 * description; a code → exchanged (once, even under StrictMode's double effects) → dashboard; nothing →
 * /login with missing_tokens. Every navigation replaces the callback URL so Back never re-sends the code.
 */
export function useAuthCallback(): TCallbackState {
  const { client } = useAuth();
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  const [state, setState] = useState<TCallbackState>('initializing');
  const started = useRef(false);
  const navigated = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice on the same component: the ref survives, so the flow starts once.
    if (started.current) return;
    started.current = true;

    const go = (to: string) => {
      if (navigated.current) return;
      navigated.current = true;
      void navigate(to, { replace: true });
    };
    const succeed = () => {
      setState('success');
      go(DASHBOARD_PATH);
    };
    const fail = (code: TCallbackErrorCode, message: string) => {
      setState('error');
      go(loginErrorPath(code, message));
    };

    const run = async () => {
      setState('checking_session');
      await client.initialize();
      if (client.getSession()) return succeed();

      setState('parsing_url');
      const params = readCallbackParams(search, hash);
      if (params.error !== null || params.errorDescription !== null) {
        return fail('auth_exception', params.errorDescription?.trim() || SIGN_IN_ERROR_MESSAGE);
      }
      if (!params.code) return fail('missing_tokens', SIGN_IN_ERROR_MESSAGE);

      setState('exchanging_code');
      const result = await client.exchangeCode(params.code);
      if (result.ok) return succeed();
      if (result.failure.kind === 'network') return fail('code_exchange_exception', SIGN_IN_ERROR_MESSAGE);
      const serverMessage = result.failure.kind === 'http' ? result.failure.message : undefined;
      return fail('code_exchange_error', serverMessage ?? SIGN_IN_ERROR_MESSAGE);
    };
    run().catch(() => fail('unexpected_error', SIGN_IN_ERROR_MESSAGE));
  }, [client, navigate, search, hash]);

  useEffect(() => {
    const timer = setTimeout(() => {
      if (navigated.current || !client.getSession()) return;
      navigated.current = true;
      setState('success');
      void navigate(DASHBOARD_PATH, { replace: true });
    }, CALLBACK_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [client, navigate]);

  return state;
}

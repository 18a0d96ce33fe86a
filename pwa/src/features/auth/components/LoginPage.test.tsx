import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  apiError,
  deferred,
  fakeFetch,
  isRefresh,
  jsonResponse,
  makeSession,
  noRefreshCookie,
  type TRecordedCall,
} from '../../../test/fixtures';
import { renderApp, setLanguage } from '../../../test/render-app';

const SUCCESS = 'If an account exists for this email, a magic link has been sent.';

/** Opens /login (signed out) with the magic-link endpoint answered by `answer`. */
async function openLogin(answer: (call: TRecordedCall) => Response | Promise<Response>, path = '/login') {
  const { fetch, calls } = fakeFetch((call) => (isRefresh(call) ? noRefreshCookie() : answer(call)));
  const view = renderApp(path, { fetch });
  const email = await screen.findByLabelText('Email address');
  return { ...view, calls, email };
}

function submit(email: HTMLElement, value = 'Owner@Store.sa ') {
  fireEvent.change(email, { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Send Magic Link' }));
}

describe('/login', () => {
  it('has one required e-mail field with a placeholder, and the sign-in-or-sign-up explanation', async () => {
    setLanguage('en');
    const { email } = await openLogin(() => jsonResponse({ message: SUCCESS }));
    expect(email).toHaveProperty('type', 'email');
    expect(email).toHaveProperty('required', true);
    expect(email.getAttribute('placeholder')).toBe('name@example.com');
    expect(screen.getByText(/creates your account/)).toBeTruthy();
  });

  it('says under the e-mail field, in our words, when the address is not one, and sends nothing', async () => {
    setLanguage('ar');
    const { fetch, calls } = fakeFetch((call) => (isRefresh(call) ? noRefreshCookie() : jsonResponse({})));
    renderApp('/login', { fetch });
    const email = await screen.findByLabelText('البريد الإلكتروني');
    fireEvent.change(email, { target: { value: 'owner@store' } });
    fireEvent.submit(email.closest('form')!);
    const message = await screen.findByText('اكتب بريدًا إلكترونيًا مثل name@example.com');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain(message.id);
    expect(calls.some((c) => c.url === '/api/auth/magic-link/request')).toBe(false);
    // Typing again clears it.
    fireEvent.change(email, { target: { value: 'owner@store.sa' } });
    expect(screen.queryByText('اكتب بريدًا إلكترونيًا مثل name@example.com')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows Sending... while the request runs, then goes to /auth/check-email', async () => {
    setLanguage('en');
    const reply = deferred<Response>();
    const { email, calls, route } = await openLogin(() => reply.promise);

    submit(email);

    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect(sending).toHaveProperty('disabled', true);
    const request = calls.find((c) => c.url === '/api/auth/magic-link/request');
    expect(request).toMatchObject({ method: 'POST', body: { email: 'Owner@Store.sa', language: 'en' } });

    await act(async () => reply.resolve(jsonResponse({ message: SUCCESS })));

    await waitFor(() => expect(route.location.pathname).toBe('/auth/check-email'));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    // The address the link went to, and no "if an account exists" (a sign-up gets its link too).
    expect(screen.getByRole('status').textContent).toContain('owner@store.sa');
    expect(document.body.textContent).not.toMatch(/If an account exists/);
  });

  it('says when a rate limit lifts', async () => {
    setLanguage('en');
    const { email } = await openLogin(() =>
      jsonResponse(
        {
          error: {
            code: 'rate_limited',
            message: 'Please wait before requesting another magic link.',
            details: { retry_after: 3600 },
          },
        },
        429,
      ),
    );
    submit(email);
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^ErrorPlease wait before requesting another magic link\. You can try again at \d\d:\d\d\.$/,
    );
  });

  it('signs in with a password for accounts that have one, and goes to the dashboard', async () => {
    setLanguage('en');
    const { calls, route } = await openLogin((call) =>
      call.url === '/api/auth/password'
        ? call.body?.password === 'right-password'
          ? jsonResponse(makeSession())
          : apiError(400, 'invalid_credentials', 'Invalid email or password.')
        : apiError(404, 'not_found', 'x'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a password' }));
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'owner@store.sa' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('ErrorInvalid email or password.');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(route.location.pathname).toBe('/dashboard'));
    expect(calls.find((c) => c.url === '/api/auth/password')?.body).toMatchObject({
      email: 'owner@store.sa',
      transport: 'cookie',
    });
  });

  it('"Forgot your password?" asks for the address, then sends a sign-in link to it', async () => {
    setLanguage('en');
    const { calls, route, email } = await openLogin(() => jsonResponse({ message: SUCCESS }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a password' }));
    fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Enter your e-mail address first');
    fireEvent.change(email, { target: { value: 'owner@store.sa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await waitFor(() => expect(route.location.pathname).toBe('/auth/check-email'));
    expect(calls.some((c) => c.url === '/api/auth/magic-link/request')).toBe(true);
  });

  it.each([
    [
      'a 429 shows the server message',
      () => apiError(429, 'rate_limited', 'Please wait before requesting another magic link.'),
      'Please wait before requesting another magic link.',
    ],
    [
      'a non-JSON reply',
      () => new Response('<html>Bad gateway</html>', { status: 502 }),
      'Invalid server response. Please try again.',
    ],
    [
      'a 200 that is not JSON',
      () => new Response('OK', { status: 200 }),
      'Invalid server response. Please try again.',
    ],
    ['an error without a message', () => jsonResponse({}, 500), 'Request failed with status 500.'],
    ['an empty error', () => new Response(null, { status: 503 }), 'Request failed with status 503.'],
    [
      'a network failure',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'An unexpected error occurred.',
    ],
  ])('maps %s to its message under "Error"', async (_name, answer, expected) => {
    setLanguage('en');
    const { email, route } = await openLogin(answer);
    submit(email);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`Error${expected}`);
    expect(route.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Send Magic Link' })).toHaveProperty('disabled', false);
  });

  it('shows rate-limit errors in Arabic for Arabic readers', async () => {
    const { fetch } = fakeFetch((call) =>
      isRefresh(call)
        ? noRefreshCookie()
        : apiError(429, 'rate_limited', 'Please wait before requesting another magic link.'),
    );
    renderApp('/login', { fetch });
    fireEvent.change(await screen.findByLabelText('البريد الإلكتروني'), { target: { value: 'a@b.co' } });
    fireEvent.click(screen.getByRole('button', { name: 'إرسال رابط الدخول' }));
    expect((await screen.findByRole('alert')).textContent).toBe('خطأيُرجى الانتظار قبل طلب رابط دخول آخر.');
  });

  it('clears the error as soon as the e-mail text changes', async () => {
    setLanguage('en');
    const { email } = await openLogin(() => apiError(429, 'rate_limited', 'Slow down.'));
    submit(email);
    await screen.findByRole('alert');
    fireEvent.change(email, { target: { value: 'owner@store.s' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the message handed over in the URL by the callback page', async () => {
    setLanguage('en');
    await openLogin(
      () => jsonResponse({ message: SUCCESS }),
      '/login?error=code_exchange_error&message=This%20sign-in%20link%20has%20expired.%20Please%20request%20a%20new%20one.',
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'ErrorThis sign-in link has expired. Please request a new one.',
    );
  });

  it('shows only known messages from the URL, never text someone wrote into a link', async () => {
    setLanguage('en');
    await openLogin(
      () => jsonResponse({ message: SUCCESS }),
      '/login?error=auth_exception&message=Your%20account%20is%20locked.%20Call%20%2B1%20555%200100.',
    );
    const alert = screen.getByRole('alert').textContent ?? '';
    expect(alert).not.toMatch(/locked|555/);
    expect(alert).toBe('ErrorError signing in. Please try again.');
  });

  it('translates the standard sign-in error from the URL for Arabic readers', async () => {
    const { fetch } = fakeFetch(noRefreshCookie);
    renderApp('/login?error=missing_tokens&message=Error+signing+in.+Please+try+again.', { fetch });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'خطأحدث خطأ أثناء تسجيل الدخول. يُرجى المحاولة مرة أخرى.',
    );
  });
});

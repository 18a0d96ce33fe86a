import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  apiError,
  deferred,
  fakeFetch,
  isRefresh,
  jsonResponse,
  makeSession,
  makeUser,
  type TRecordedCall,
} from '../../../test/fixtures';
import { renderApp, setLanguage } from '../../../test/render-app';

const isSetPassword = (call: TRecordedCall) => call.url === '/api/auth/set-password';

/** Signed in as a user who still has to set a password, on some ordinary page. */
async function openWithPendingPassword(answer: (call: TRecordedCall) => Response | Promise<Response>) {
  setLanguage('en');
  const { fetch, calls } = fakeFetch((call) =>
    isRefresh(call)
      ? jsonResponse(makeSession({ user: makeUser({ needs_password_setup: true }) }))
      : answer(call),
  );
  const view = renderApp('/about', { fetch });
  const dialog = await screen.findByRole('dialog', { name: 'Set Your Password' });
  return { ...view, calls, dialog };
}

function fill(dialog: HTMLElement, password: string, confirm: string) {
  fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: password } });
  fireEvent.change(within(dialog).getByLabelText('Confirm Password'), { target: { value: confirm } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Set Password' }));
}

describe('Set Your Password modal', () => {
  it('appears on any page for a user who needs a password, with the welcome text and no close button', async () => {
    const { dialog } = await openWithPendingPassword(() => jsonResponse({}));
    expect(
      within(dialog).getByText('Welcome! Please set a password for your account to continue.'),
    ).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Set Password']);
  });

  it('does not appear for a user who already has a password', async () => {
    setLanguage('en');
    const { fetch } = fakeFetch(() => jsonResponse(makeSession()));
    const { client } = renderApp('/about', { fetch });
    await waitFor(() => expect(client.getSnapshot().status).toBe('ready'));
    expect(await screen.findByRole('heading', { name: 'About Us' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when the passwords do not match, and sends nothing', async () => {
    const { dialog, calls } = await openWithPendingPassword(() => jsonResponse({}));
    fill(dialog, 'long-enough-1', 'long-enough-2');
    expect(await within(dialog).findByText('Passwords do not match.')).toBeTruthy();
    expect(calls.filter(isSetPassword)).toHaveLength(0);
  });

  it('sends a fresh sign-in link when the sign-in is too old to set a password', async () => {
    const { dialog, calls } = await openWithPendingPassword((call) =>
      isSetPassword(call)
        ? apiError(
            401,
            'reauthentication_required',
            'For your security, confirm it is you with a new sign-in link first.',
          )
        : jsonResponse({ message: 'If an account exists for this email, a magic link has been sent.' }),
    );
    fill(dialog, 'long-enough-1', 'long-enough-1');
    expect(
      await within(dialog).findByText(
        'For your security, we e-mailed you a new sign-in link. Open it on this device, then set your password.',
      ),
    ).toBeTruthy();
    const requested = calls.filter((call) => call.url === '/api/auth/magic-link/request');
    expect(requested).toHaveLength(1);
    expect(requested[0]?.body).toMatchObject({ email: makeUser().email });
  });

  it('asks for at least 8 characters', async () => {
    const { dialog, calls } = await openWithPendingPassword(() => jsonResponse({}));
    fill(dialog, 'short', 'short');
    expect(await within(dialog).findByText('Password must be at least 8 characters long.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter(isSetPassword)).toHaveLength(0);
  });

  it('cannot be dismissed with Escape or a click outside', async () => {
    const { dialog } = await openWithPendingPassword(() => jsonResponse({}));
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape' });
    fireEvent.keyDown(document.body, { key: 'Escape', code: 'Escape' });
    fireEvent.pointerDown(document.body);
    fireEvent.mouseDown(document.body);
    fireEvent.click(document.body);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByRole('dialog', { name: 'Set Your Password' })).toBe(dialog);
  });

  it('sets the password with the bearer token, shows Setting Password..., then closes', async () => {
    const reply = deferred<Response>();
    const { dialog, calls, client } = await openWithPendingPassword(() => reply.promise);

    fill(dialog, 'correct horse', 'correct horse');

    expect(await within(dialog).findByRole('button', { name: 'Setting Password...' })).toHaveProperty(
      'disabled',
      true,
    );
    const request = calls.find(isSetPassword);
    expect(request).toMatchObject({ method: 'POST', body: { password: 'correct horse' } });
    expect(request?.headers.get('Authorization')).toBe('Bearer access-1');

    await act(async () => reply.resolve(jsonResponse({ user: makeUser({ needs_password_setup: false }) })));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(client.getSession()?.user.needs_password_setup).toBe(false);
  });

  it('shows the server message under "Error"', async () => {
    const { dialog } = await openWithPendingPassword(() =>
      apiError(422, 'weak_password', 'Password is too common.'),
    );
    fill(dialog, 'password123', 'password123');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('ErrorPassword is too common.');
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it("shows 'An unexpected error occurred.' when the server gives no message", async () => {
    const { dialog } = await openWithPendingPassword(() => Promise.reject(new TypeError('Failed to fetch')));
    fill(dialog, 'password123', 'password123');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('ErrorAn unexpected error occurred.');
  });
});

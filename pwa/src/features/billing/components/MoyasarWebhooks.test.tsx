import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TAdminMoyasarWebhooks } from '@app/shared';
import { apiError, fakeFetch, isRefresh, jsonResponse, makeSession, makeUser } from '../../../test/fixtures';
import { renderApp, setLanguage } from '../../../test/render-app';

type TWebhook = TAdminMoyasarWebhooks['webhooks'][number];

const failed: TWebhook = {
  webhook_id: 'c4bc247d-5288-4673-9b40-39c082ac7fbb',
  verification_code: '482913',
  live: true,
  received_at: '2026-03-01T10:05:12.000Z',
  code_expires_at: '2026-03-01T10:35:12.000Z',
  status: 'failed',
  verified_at: null,
  error: 'api.moyasar.com answered HTTP 400: Verification code is incorrect',
};

/** The admin area's server: the session, empty users and payments, and the Moyasar webhooks given. */
function server(webhooks: () => TWebhook[], onVerify: () => TWebhook) {
  return fakeFetch((call) => {
    if (isRefresh(call))
      return jsonResponse(makeSession({ user: makeUser({ is_admin: true, email: 'boss@shop.sa' }) }));
    if (call.url.startsWith('/api/admin/users'))
      return jsonResponse({ accounts: [], page: 1, page_size: 200, total: 0 });
    if (call.url === '/api/admin/payments') return jsonResponse({ payments: [], alerts: [] });
    if (call.url === '/api/admin/billing/moyasar-webhooks') return jsonResponse({ webhooks: webhooks() });
    if (call.url.endsWith('/verify') && call.method === 'POST') return jsonResponse(onVerify());
    return apiError(404, 'not_found', `No route for ${call.method} ${call.url}`);
  });
}

describe('Moyasar webhooks in the admin area', () => {
  it('shows a code Moyasar did not take with the step that finishes it, and sends it again', async () => {
    setLanguage('en');
    let current = failed;
    const api = server(
      () => [current],
      () =>
        (current = { ...failed, status: 'verified', verified_at: '2026-03-01T10:07:00.000Z', error: null }),
    );
    renderApp('/admin/users', { fetch: api.fetch });
    const section = (await screen.findByRole('heading', { name: 'Moyasar webhooks' })).closest('section')!;
    const panel = within(section);
    expect(await panel.findByText('Not verified')).toBeTruthy();
    expect(panel.getByText('482913')).toBeTruthy();
    expect(panel.getByText(/Moyasar did not take the code: .*Verification code is incorrect/)).toBeTruthy();
    expect(section.textContent).toContain(
      'https://api.moyasar.com/v1/webhooks/c4bc247d-5288-4673-9b40-39c082ac7fbb/verify',
    );
    fireEvent.click(panel.getByRole('button', { name: 'Send the code again' }));
    expect(await panel.findByText('Moyasar verified the webhook.')).toBeTruthy();
    expect(await panel.findByText('Verified')).toBeTruthy();
    expect(panel.queryByRole('button', { name: 'Send the code again' })).toBeNull();
  });

  it('tells an expired code apart, in Arabic too, with the way to get a new one', async () => {
    setLanguage('ar');
    const api = server(
      () => [{ ...failed, status: 'expired' }],
      () => failed,
    );
    renderApp('/admin/users', { fetch: api.fetch });
    const section = (await screen.findByRole('heading', { name: 'Webhooks ميسّر' })).closest('section')!;
    expect(await within(section).findByText('انتهت صلاحية الرمز')).toBeTruthy();
    expect(section.textContent).toContain('إعادة إرسال رمز التحقق');
  });

  it('says where the code will appear before any arrived', async () => {
    setLanguage('en');
    renderApp('/admin/users', {
      fetch: server(
        () => [],
        () => failed,
      ).fetch,
    });
    expect(await screen.findByText(/No verification code received yet/)).toBeTruthy();
  });
});

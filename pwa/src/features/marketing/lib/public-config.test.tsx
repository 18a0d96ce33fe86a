import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { PUBLIC_CONFIG_ELEMENT_ID } from '@app/shared';
import { fakeFetch, noRefreshCookie } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { setPublicConfigForTests } from './public-config';

const signedOut = () => fakeFetch(noRefreshCookie).fetch;

/** The page as the server sends it: the config in its JSON slot. */
function pageWith(config: unknown) {
  setPublicConfigForTests(undefined);
  document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.remove();
  const slot = document.createElement('script');
  slot.type = 'application/json';
  slot.id = PUBLIC_CONFIG_ELEMENT_ID;
  slot.textContent = JSON.stringify(config);
  document.head.appendChild(slot);
}

afterEach(() => {
  document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.remove();
  setPublicConfigForTests(undefined);
});

describe("the site's public configuration", () => {
  it('shows the chat links and the company identity the server configured', async () => {
    // As the server writes it: the chat is the support WhatsApp when SUPPORT_CHAT_URL names nothing else.
    pageWith({
      support_whatsapp: '966512345678',
      support_chat_url: 'https://wa.me/966512345678',
      company: {
        legal_name: 'شركة لمحة للتقنية',
        commercial_registration: '1010123456',
        vat_number: '310123456700003',
      },
    });
    renderApp('/support', { fetch: signedOut() });
    await screen.findAllByRole('link', { name: /افتح واتساب/ });
    const chats = [...document.querySelectorAll('a[href="https://wa.me/966512345678"]')];
    expect(chats).toHaveLength(3); // the chat card, the contact list, the footer's live chat
    expect(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: /المحادثة المباشرة/ }),
    ).toBeTruthy();
    const identity = within(screen.getByRole('contentinfo')).getByTestId('company-identity');
    expect(identity.textContent).toBe(
      'شركة لمحة للتقنية · السجل التجاري 1010123456 · الرقم الضريبي 310123456700003',
    );
  });

  it('promises live chat on the pricing cards only when there is a chat, and says prices include VAT', async () => {
    pageWith({ support_chat_url: 'https://chat.example.sa/lamha' });
    renderApp('/?lang=en', { fetch: signedOut() });
    const pro = await screen.findByRole('list', { name: 'What the Pro plan includes' });
    expect(within(pro).getByText('Live chat support')).toBeTruthy();
    expect(screen.getAllByText(/Prices include 15% VAT\./)).toHaveLength(2);
    cleanup();
    pageWith({});
    renderApp('/?lang=en', { fetch: signedOut() });
    const withoutChat = await screen.findByRole('list', { name: 'What the Pro plan includes' });
    expect(within(withoutChat).queryByText('Live chat support')).toBeNull();
    expect(within(withoutChat).getByText('E-mail support')).toBeTruthy();
  });

  it('names the company that runs Lamha on the about page only when configured', async () => {
    pageWith({ company: { legal_name: 'Lamha Technologies LLC' } });
    renderApp('/about?lang=en', { fetch: signedOut() });
    expect(await screen.findByText(/^Lamha is operated by Lamha Technologies LLC\./)).toBeTruthy();
    cleanup();
    pageWith({});
    renderApp('/about?lang=en', { fetch: signedOut() });
    expect(
      await screen.findByText('The team that builds Lamha runs it and answers your messages.'),
    ).toBeTruthy();
    expect(screen.queryByText(/parent company|family of/)).toBeNull();
  });

  it('hides the WhatsApp card and links, and the identity, when nothing is configured', async () => {
    pageWith({});
    renderApp('/support', { fetch: signedOut() });
    await screen.findAllByRole('link', { name: /support@/ });
    await screen.findByRole('heading', { name: 'مدة الرد' });
    expect(screen.queryAllByRole('link', { name: /واتساب/ })).toEqual([]);
    expect(document.querySelector('a[href*="wa.me"]')).toBeNull();
    expect(screen.queryByTestId('company-identity')).toBeNull();
  });

  it("shows the company identity in the Salla page's own footer, and none when not configured", async () => {
    pageWith({
      company: {
        legal_name: 'Lamha Technologies LLC',
        commercial_registration: '1010123456',
        vat_number: '310123456700003',
      },
    });
    renderApp('/salla?lang=en', { fetch: signedOut() });
    // The page switches to the language the address names once it has rendered.
    const identity = await within(await screen.findByRole('contentinfo')).findByText(/^CR 1010123456$/);
    expect(identity.closest('[data-testid="company-identity"]')?.textContent).toBe(
      'Lamha Technologies LLC · CR 1010123456 · VAT No. 310123456700003',
    );
    cleanup();
    pageWith({});
    renderApp('/salla?lang=en', { fetch: signedOut() });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.queryByTestId('company-identity')).toBeNull();
  });

  it('the Salla page promises the App Store, automatic placement and Salla billing only when listed there', async () => {
    pageWith({ salla_app_url: 'https://apps.salla.sa/en/app/lamha' });
    renderApp('/salla?lang=en', { fetch: signedOut() });
    expect(await screen.findByRole('heading', { name: 'Billing through Salla' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Install from the Salla App Store' })).toBeTruthy();
    cleanup();
    pageWith({});
    renderApp('/salla?lang=en', { fetch: signedOut() });
    expect(await screen.findByRole('heading', { name: 'Add the code to your store' })).toBeTruthy();
    const steps = screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
    expect(steps.some((text) => text.startsWith('Step 1Connect with Instagram'))).toBe(true);
    for (const untrue of [/App Store/, /Added automatically/, /Billing through Salla/, /No code/]) {
      expect(document.querySelector('main')?.textContent).not.toMatch(untrue);
    }
  });

  it('names the company on the terms page and says the true last update', async () => {
    pageWith({ company: { legal_name: 'Lamha Technologies LLC', commercial_registration: '1010123456' } });
    renderApp('/terms?lang=en', { fetch: signedOut() });
    expect(await screen.findByText('Last updated: November 28, 2026')).toBeTruthy();
    expect(screen.getByTestId('terms-operator').textContent).toBe(
      'Lamha is provided by Lamha Technologies LLC (CR 1010123456).',
    );
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { PUBLIC_CONFIG_ELEMENT_ID } from '@app/shared';
import { fakeFetch, noRefreshCookie } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { setPublicConfigForTests } from './public-config';

const signedOut = () => fakeFetch(noRefreshCookie).fetch;

/** The page as the server sends it: the config in its JSON slot. */
function pageWith(config: unknown) {
  setPublicConfigForTests(undefined);
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
  it('shows the WhatsApp links and the company identity the server configured', async () => {
    pageWith({
      supportWhatsapp: '966512345678',
      company: {
        legalName: 'شركة لمحة للتقنية',
        commercialRegistration: '1010123456',
        vatNumber: '310123456700003',
      },
    });
    renderApp('/support', { fetch: signedOut() });
    await screen.findAllByRole('link', { name: /افتح واتساب/ });
    const chats = screen.getAllByRole('link', { name: /واتساب/ });
    expect(chats).toHaveLength(3); // the chat card, the contact list, the footer
    for (const link of chats) expect(link.getAttribute('href')).toBe('https://wa.me/966512345678');
    const identity = within(screen.getByRole('contentinfo')).getByTestId('company-identity');
    expect(identity.textContent).toBe(
      'شركة لمحة للتقنية · السجل التجاري 1010123456 · الرقم الضريبي 310123456700003',
    );
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

  it('names the company on the terms page and says the true last update', async () => {
    pageWith({ company: { legalName: 'Lamha Technologies LLC', commercialRegistration: '1010123456' } });
    renderApp('/terms?lang=en', { fetch: signedOut() });
    expect(await screen.findByText('Last updated: November 23, 2026')).toBeTruthy();
    expect(screen.getByTestId('terms-operator').textContent).toBe(
      'Lamha is provided by Lamha Technologies LLC (CR 1010123456).',
    );
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { messages, MONTHLY_PRICE_SAR } from '@app/shared';
import { prerenderLanding } from './prerender';

describe('prerenderLanding', () => {
  it('renders the whole Arabic landing page in document order, with no part left for a script to reveal', async () => {
    const html = await prerenderLanding();
    expect(html).toContain(messages.ar['page.landingTitle']);
    for (const id of ['features', 'product', 'pricing', 'support']) expect(html).toContain(`id="${id}"`);
    expect(html).toMatch(new RegExp(`data-price="pro"[^>]*>${MONTHLY_PRICE_SAR.pro}<`));
    // Signed out: the calls to sign in are there.
    expect(html).toContain(messages.ar['nav.login']);
    // Pending parts (<!--$?-->), their templates and the scripts that would move them in place: none.
    expect(html).not.toContain('<!--$?-->');
    expect(html).not.toContain('<template');
    expect(html).not.toContain('<script');
  });
});

import { describe, expect, it } from 'vitest';
import { EMPTY_PUBLIC_CONFIG, normaliseWhatsapp, readPublicConfig } from '../public-config.js';
import { ZPublicConfig } from './public-config.js';

const full = {
  support_whatsapp: '966512345678',
  support_chat_url: 'https://chat.example.sa/lamha',
  company: { legal_name: 'Lamha LLC', commercial_registration: '1010123456', vat_number: '310123456700003' },
  salla_app_url: 'https://apps.salla.sa/ar/app/123456789',
  zid_app_url: 'https://apps.zid.sa/application/1234',
};

describe('public configuration', () => {
  it('reads in the browser what the zod schema accepts, and unsets what it refuses', () => {
    expect(readPublicConfig(full)).toEqual(ZPublicConfig.parse(full));
    expect(readPublicConfig({})).toEqual(EMPTY_PUBLIC_CONFIG);
    expect(readPublicConfig(null)).toEqual(EMPTY_PUBLIC_CONFIG);
    const bad = {
      support_whatsapp: '+966 5',
      support_chat_url: 'javascript:alert(1)',
      company: { legal_name: ' ', commercial_registration: 12, vat_number: '123' },
      salla_app_url: 'apps.salla.sa/app',
      zid_app_url: 'https://apps.zid.sa/"><script>',
    };
    expect(ZPublicConfig.safeParse(bad).success).toBe(false);
    expect(readPublicConfig(bad)).toEqual(EMPTY_PUBLIC_CONFIG);
  });

  it('reads a page cached before the wire became snake_case (camelCase keys)', () => {
    const old = {
      supportWhatsapp: full.support_whatsapp,
      supportChatUrl: full.support_chat_url,
      company: { legalName: 'Lamha LLC', commercialRegistration: '1010123456', vatNumber: '310123456700003' },
      sallaAppUrl: full.salla_app_url,
      zidAppUrl: full.zid_app_url,
    };
    expect(readPublicConfig(old)).toEqual(ZPublicConfig.parse(full));
  });

  it('normalises a number written for people to the digits wa.me wants', () => {
    expect(normaliseWhatsapp('+966 (51) 234-5678')).toBe('966512345678');
    expect(normaliseWhatsapp('00966512345678')).toBe('966512345678');
  });
});

import { describe, expect, it } from 'vitest';
import { EMPTY_PUBLIC_CONFIG, normaliseWhatsapp, readPublicConfig } from '../public-config.js';
import { ZPublicConfig } from './public-config.js';

const full = {
  supportWhatsapp: '966512345678',
  supportChatUrl: 'https://chat.example.sa/lamha',
  company: { legalName: 'Lamha LLC', commercialRegistration: '1010123456', vatNumber: '310123456700003' },
  sallaAppUrl: 'https://apps.salla.sa/ar/app/123456789',
  zidAppUrl: 'https://apps.zid.sa/application/1234',
};

describe('public configuration', () => {
  it('reads in the browser what the zod schema accepts, and unsets what it refuses', () => {
    expect(readPublicConfig(full)).toEqual(ZPublicConfig.parse(full));
    expect(readPublicConfig({})).toEqual(EMPTY_PUBLIC_CONFIG);
    expect(readPublicConfig(null)).toEqual(EMPTY_PUBLIC_CONFIG);
    const bad = {
      supportWhatsapp: '+966 5',
      supportChatUrl: 'javascript:alert(1)',
      company: { legalName: ' ', commercialRegistration: 12, vatNumber: '123' },
      sallaAppUrl: 'apps.salla.sa/app',
      zidAppUrl: 'https://apps.zid.sa/"><script>',
    };
    expect(ZPublicConfig.safeParse(bad).success).toBe(false);
    expect(readPublicConfig(bad)).toEqual(EMPTY_PUBLIC_CONFIG);
  });

  it('normalises a number written for people to the digits wa.me wants', () => {
    expect(normaliseWhatsapp('+966 (51) 234-5678')).toBe('966512345678');
    expect(normaliseWhatsapp('00966512345678')).toBe('966512345678');
  });
});

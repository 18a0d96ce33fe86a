import { describe, expect, it } from 'vitest';
import {
  normaliseInstagramUsername as normaliseUsername,
  isInstagramUsername,
  parseInstagramUsername as parseUsername,
  ZInstagramUsername,
  ZInstagramUsernameInput,
} from './instagram.js';

describe('normaliseUsername', () => {
  it.each([
    ['  @Blue.Bottle ', 'blue.bottle'],
    ['blue_bottle', 'blue_bottle'],
    ['@@shop', 'shop'],
    [' @@@Shop', 'shop'],
    ['SHOP.SA', 'shop.sa'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normaliseUsername(input)).toBe(expected);
  });
});

describe('ZInstagramUsername', () => {
  it.each(['a', 'blue.bottle', 'blue_bottle_2', '_under_', 'Shop.SA', '1234', 'a'.repeat(30), 'a.b.c'])(
    'accepts %j',
    (name) => {
      expect(ZInstagramUsername.safeParse(name).success).toBe(true);
    },
  );

  it.each([
    '',
    'a'.repeat(31),
    '.shop',
    'shop.',
    'sh..op',
    'blue-bottle',
    'blue bottle',
    '@shop',
    'متجر',
    'shop)',
    'a{b}',
  ])('rejects %j with the product message', (name) => {
    const result = ZInstagramUsername.safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid Instagram username');
  });

  it('normalises before checking when used for input', () => {
    expect(ZInstagramUsernameInput.parse(' @Blue.Bottle ')).toBe('blue.bottle');
    expect(ZInstagramUsernameInput.safeParse('@.bad').success).toBe(false);
    expect(ZInstagramUsernameInput.safeParse(42).error?.issues[0]?.message).toBe(
      'Please enter a valid Instagram username',
    );
    expect(parseUsername('@Shop')).toBe('shop');
    expect(parseUsername('no spaces')).toBeUndefined();
  });
});

describe('the one copy of the rules', () => {
  it('keeps "@ name" (a space after the @) invalid, as the API always has', () => {
    expect(normaliseUsername('@ name')).toBe(' name');
    expect(parseUsername('@ name')).toBeUndefined();
  });

  it('answers the same without zod (the dashboard form)', () => {
    for (const name of ['blue.bottle', '.shop', 'shop.', 'sh..op', 'a'.repeat(31), 'store sa', '_under_'])
      expect(isInstagramUsername(name), name).toBe(ZInstagramUsername.safeParse(name).success);
  });
});

import { describe, expect, it } from 'vitest';
import { latinNumber, parseWholeNumber, withHttps } from './typed-input.js';

describe('typed numbers', () => {
  it('reads Arabic-Indic and Extended Arabic-Indic digits and the Arabic decimal separator', () => {
    expect(latinNumber('١٤٩٫٥٠')).toBe('149.50');
    expect(latinNumber('۱۲۳')).toBe('123');
    expect(latinNumber(' ١٬٢٠٠ ')).toBe('1200');
    expect(latinNumber('1,200.5')).toBe('1200.5');
    expect(latinNumber('1,5')).toBe('1,5');
  });

  it('parses whole numbers in any of those digits, and nothing else', () => {
    expect(parseWholeNumber('٢٤')).toBe(24);
    expect(parseWholeNumber('24')).toBe(24);
    expect(parseWholeNumber('')).toBeUndefined();
    expect(parseWholeNumber('2.5')).toBeUndefined();
    expect(parseWholeNumber('abc')).toBeUndefined();
  });
});

describe('withHttps', () => {
  it('makes a bare domain an https link and leaves typed schemes alone', () => {
    expect(withHttps(' mystore.com/p/1 ')).toBe('https://mystore.com/p/1');
    expect(withHttps('https://mystore.com')).toBe('https://mystore.com');
    expect(withHttps('http://mystore.com')).toBe('http://mystore.com');
    expect(withHttps('//mystore.com')).toBe('https://mystore.com');
    expect(withHttps('  ')).toBe('');
  });
});

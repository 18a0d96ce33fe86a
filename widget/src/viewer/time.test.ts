import { describe, expect, it } from 'vitest';
import { relativeTime } from './time.js';

const now = Date.parse('2026-03-20T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('relative time (product §9)', () => {
  it('counts seconds, minutes, hours, days and weeks up to 4 weeks, compact in English', () => {
    expect(relativeTime(ago(5), now, 'en')).toBe('5s');
    expect(relativeTime(ago(59), now, 'en')).toBe('59s');
    expect(relativeTime(ago(60), now, 'en')).toBe('1m');
    expect(relativeTime(ago(3 * 3600), now, 'en')).toBe('3h');
    expect(relativeTime(ago(2 * 86400), now, 'en')).toBe('2d');
    expect(relativeTime(ago(7 * 86400), now, 'en')).toBe('1w');
    expect(relativeTime(ago(34 * 86400), now, 'en')).toBe('4w');
  });

  it('shows the month and day after 4 weeks, and the year for another year', () => {
    expect(relativeTime(ago(35 * 86400), now, 'en')).toBe('February 13');
    expect(relativeTime('2025-11-02T10:00:00Z', now, 'en')).toBe('November 2, 2025');
  });

  it('speaks Arabic with Latin digits', () => {
    expect(relativeTime(ago(3 * 3600), now, 'ar')).toBe('قبل 3 ساعات');
    expect(relativeTime(ago(3 * 86400), now, 'ar')).toBe('قبل 3 أيام');
    // Intl's idiomatic words where Arabic has them ("the day before yesterday", "now").
    expect(relativeTime(ago(2 * 86400), now, 'ar')).toBe('أول أمس');
    expect(relativeTime(ago(0), now, 'ar')).toBe('الآن');
    expect(relativeTime(ago(35 * 86400), now, 'ar')).toBe('13 فبراير');
  });

  it('never shows a future time or garbage', () => {
    expect(relativeTime(new Date(now + 5000).toISOString(), now, 'en')).toBe('0s');
    expect(relativeTime('not a date', now, 'en')).toBe('');
  });
});

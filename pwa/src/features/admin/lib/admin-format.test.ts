import { describe, expect, it } from 'vitest';
import type { TAdminAccount } from '@app/shared';
import {
  cacheFigures,
  describeFailure,
  filterAccounts,
  formatAdminDate,
  mediaUrl,
  shortUserId,
} from './admin-format';

const account = (username: string, userId: string): TAdminAccount => ({
  id: `acc-${userId}`,
  user_id: userId,
  instagram_username: username,
  profile_picture_url: null,
  is_verified: false,
  followers_count: null,
  media_count: null,
  last_fetched_at: null,
  plan: 'trial',
  last_error: null,
  email: `${username}@shop.sa`,
  health: 'ok',
});

describe('admin formatting', () => {
  it('shows a user id as its first 8 characters plus an ellipsis', () => {
    expect(shortUserId('5d0f6a3e-8a0b-4a52-9f55-2f4b8b0d2c11')).toBe('5d0f6a3e…');
    expect(shortUserId('abc')).toBe('abc');
  });

  it('searches usernames case-insensitively and user ids by substring', () => {
    const all = [
      account('Coffee.House', '11111111-aaaa-4000-8000-000000000001'),
      account('tea_corner', '22222222-bbbb-4000-8000-000000000002'),
    ];
    const names = (q: string) => filterAccounts(all, q).map((a) => a.instagram_username);
    expect(names('COFFEE')).toEqual(['Coffee.House']);
    expect(names('  corner ')).toEqual(['tea_corner']);
    expect(names('bbbb-4000')).toEqual(['tea_corner']);
    expect(names('8000')).toEqual(['Coffee.House', 'tea_corner']);
    expect(names('')).toEqual(['Coffee.House', 'tea_corner']);
    expect(names('nobody')).toEqual([]);
  });

  it('dates in Arabic with Western digits on the Gregorian calendar, or en-US', () => {
    const iso = '2026-03-04T10:20:00.000Z';
    expect(formatAdminDate(iso, 'en')).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    );
    expect(formatAdminDate(iso, 'ar')).toMatch(/2026/);
    expect(formatAdminDate(iso, 'ar')).not.toMatch(/[\u0660-\u0669]/);
  });

  it('resolves media paths against the page origin', () => {
    expect(mediaUrl('/media/ab-320.webp', 'https://lamha.example')).toBe(
      'https://lamha.example/media/ab-320.webp',
    );
    expect(mediaUrl('/media/ab-320.webp')).toBe(`${window.location.origin}/media/ab-320.webp`);
  });

  it('words failures as the product does', () => {
    expect(describeFailure({ kind: 'network' }, 'en', 'admin.refreshFailed')).toBe('Network error occurred');
    expect(
      describeFailure({ kind: 'http', status: 404, message: 'Gone away' }, 'en', 'admin.refreshFailed'),
    ).toBe('Gone away');
    expect(describeFailure({ kind: 'http', status: 500 }, 'en', 'admin.refreshFailed')).toBe(
      'Failed to refresh content',
    );
    expect(describeFailure({ kind: 'http', status: 502 }, 'en')).toBe('HTTP error! status: 502');
    // One of our own server errors reads in the admin's language (worded by its code).
    expect(
      describeFailure(
        {
          kind: 'http',
          status: 404,
          code: 'account_not_found',
          message: 'No connected Instagram account for this user.',
        },
        'ar',
      ),
    ).toBe('لا يوجد حساب إنستغرام مرتبط بهذا المستخدم.');
  });

  it('turns cache stats into the three figures, with missing ones as null', () => {
    expect(cacheFigures({ total_keys: 1234, hit_rate_percentage: 33.3, used_memory_human: '1.05M' })).toEqual(
      {
        totalKeys: '1,234',
        hitRate: '33.30%',
        memory: '1.05M',
      },
    );
    expect(cacheFigures({ total_keys: 0, hit_rate_percentage: 0, used_memory_human: '0B' })).toEqual({
      totalKeys: '0',
      hitRate: '0.00%',
      memory: '0B',
    });
    expect(cacheFigures({ total_keys: null, used_memory_human: ' ' })).toEqual({
      totalKeys: null,
      hitRate: null,
      memory: null,
    });
  });
});

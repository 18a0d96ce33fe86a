import { describe, expect, it } from 'vitest';
import { takeConnectOutcome } from './InstagramConnectCard';

describe('the outcome of Connect with Instagram in the address', () => {
  const at = (search: string) => ({ pathname: '/dashboard', search, hash: '' });

  it('reads connected and known error codes once, leaving the rest of the address', () => {
    const replaced: string[] = [];
    expect(takeConnectOutcome(at('?instagram=connected&tab=account'), (u) => replaced.push(u))).toEqual({
      kind: 'connected',
    });
    expect(takeConnectOutcome(at('?instagram=error&code=personal_account'), (u) => replaced.push(u))).toEqual(
      {
        kind: 'error',
        code: 'personal_account',
      },
    );
    expect(replaced).toEqual(['/dashboard?tab=account', '/dashboard']);
  });

  it('turns an unknown code into the generic message and ignores other addresses', () => {
    expect(takeConnectOutcome(at('?instagram=error&code=<script>'), () => undefined)).toEqual({
      kind: 'error',
      code: 'unknown',
    });
    const replaced: string[] = [];
    expect(takeConnectOutcome(at('?tab=account'), (u) => replaced.push(u))).toBeUndefined();
    expect(replaced).toEqual([]);
  });
});

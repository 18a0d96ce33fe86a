import { createHash } from 'node:crypto';

/**
 * Deterministic randomness for the demo source and its images: everything is derived from the username
 * (and the item's id), so an account looks the same on every refresh, in every process, after a restart.
 */
export interface DemoRandom {
  /** In [0, 1). */
  next(): number;
  /** Whole number in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

function digest(parts: readonly string[]): Buffer {
  // A separator no username contains, so ("ab", "c") and ("a", "bc") differ.
  return createHash('sha256').update(parts.join('\u0000')).digest();
}

/**
 * Mulberry32 seeded from a SHA-256 of the parts. Each item gets its own generator (seeded from its own
 * parts) so adding a field to one item never reshuffles every item after it.
 */
export function demoRandom(...parts: string[]): DemoRandom {
  let state = digest(parts).readUInt32BE(0);
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick() needs a non-empty list');
      return item;
    },
    chance: (probability) => next() < probability,
  };
}

/**
 * A decimal string of `count` digits (at most 19) derived from the parts. Instagram ids are long decimal
 * strings; 60 bits keep demo ids unique across any realistic number of demo accounts.
 */
export function demoDigits(count: number, ...parts: string[]): string {
  const value = digest(parts).readBigUInt64BE(0) >> 4n;
  return value.toString().padStart(19, '0').slice(-count);
}

const SHORTCODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** An 11-character code shaped like the ones in instagram.com/p/… links. */
export function demoShortcode(...parts: string[]): string {
  const bytes = digest(parts);
  let code = '';
  for (let i = 0; i < 11; i++) code += SHORTCODE_ALPHABET[(bytes[i] ?? 0) % 64];
  return code;
}

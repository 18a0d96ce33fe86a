/**
 * `JSON.parse` that keeps every digit of integers too large for a double: Meta sends ids such as
 * `"user_id": 17841405793187218` as bare JSON numbers (the oauth/access_token reference, signed requests),
 * and `JSON.parse` would round that to …216. Such integers are read as strings instead; every other value
 * is read exactly as `JSON.parse` reads it. (Node 20 has no `context.source` in revivers, so this is a
 * small scanner that quotes those literals outside strings before parsing.)
 *
 * Throws like `JSON.parse` on text that is not JSON.
 */
export function parseJsonKeepingBigIntegers(text: string): unknown {
  return JSON.parse(quoteUnsafeIntegers(text)) as unknown;
}

/** The text with every integer literal beyond ±2^53 (outside strings) wrapped in quotes. */
export function quoteUnsafeIntegers(text: string): string {
  let out = '';
  let last = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // Skip the string, escapes included.
      i++;
      while (i < n) {
        const s = text.charCodeAt(i);
        if (s === 0x5c /* \ */) i += 2;
        else if (s === 0x22) {
          i++;
          break;
        } else i++;
      }
      continue;
    }
    if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
      const start = i;
      if (c === 0x2d) i++;
      while (i < n && text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39) i++;
      const next = text.charCodeAt(i);
      const isInteger = !(next === 0x2e /* . */ || next === 0x65 /* e */ || next === 0x45); /* E */
      const literal = text.slice(start, i);
      if (isInteger && /^-?\d{16,}$/.test(literal) && !Number.isSafeInteger(Number(literal))) {
        out += `${text.slice(last, start)}"${literal}"`;
        last = i;
      }
      // A fraction or exponent: skip the rest of the number as is.
      while (i < n && /[0-9.eE+-]/.test(text[i]!)) i++;
      continue;
    }
    i++;
  }
  return last === 0 ? text : out + text.slice(last);
}

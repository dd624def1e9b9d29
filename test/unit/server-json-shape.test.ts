import { describe, expect, it } from 'vitest';
import { JsonShapeGuard, MAX_JSON_VALUES } from '../../src/server/json-shape.js';

/** What the guard says of a text fed to it `size` bytes at a time (every split point when 1). */
function verdict(text: string, size = Infinity): string | null {
  const guard = new JsonShapeGuard();
  const bytes = Buffer.from(text);
  const step = Math.min(size, bytes.length) || 1;
  for (let at = 0; at < bytes.length; at += step) {
    const refusal = guard.push(bytes.subarray(at, at + step));
    if (refusal) return `${refusal.code}: ${refusal.message}`;
  }
  return null;
}

const DEEP = 'INVALID_JSON: request body nests deeper than 32 levels';
const WIDE = `PAYLOAD_TOO_LARGE: request body holds more than ${MAX_JSON_VALUES} JSON values`;

describe('JsonShapeGuard', () => {
  it.each([
    ['32 levels', `${'['.repeat(32)}${']'.repeat(32)}`, null],
    ['33 levels', `${'['.repeat(33)}${']'.repeat(33)}`, DEEP],
    ['brackets inside a string', `{"a":"${'[{'.repeat(100)}"}`, null],
    ['after an escaped quote', `{"a":"\\"${'['.repeat(40)}"}`, null],
    ['after an escaped backslash', `{"a":"\\\\"}${'['.repeat(40)}`, DEEP],
    ['after three backslashes', `{"a":"\\\\\\"${'['.repeat(40)}"}`, null],
    ['an unterminated string', `{"a":"${'['.repeat(40)}`, null],
    ['a thousand typed words', JSON.stringify({ responseUser: Array(1000).fill('w') }), null],
    ['millions of {} in an unknown field', `{"junk":[${'{},'.repeat(3_000_000)}{}]}`, WIDE],
    ['a long list of numbers', `[${'1,'.repeat(20_000)}1]`, WIDE],
  ])('%s', (_name, text, expected) => {
    expect(verdict(text)).toBe(expected);
    expect(verdict(text, 1)).toBe(expected);
    expect(verdict(text, 7)).toBe(expected);
  });

  it('refuses 30 MB of {} within its first 64 KB', () => {
    const guard = new JsonShapeGuard();
    const body = Buffer.from(`{"refText":"hi","junk":[${'{},'.repeat(10_000_000)}{}]}`);
    expect(body.length).toBeGreaterThan(30_000_000);
    expect(guard.push(body.subarray(0, 64 * 1024))?.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('lets a 30 MB data: URL through, whatever the chunk boundaries', () => {
    const url = `data:audio/wav;base64,${Buffer.alloc(22_000_000, 7).toString('base64')}`;
    expect(verdict(JSON.stringify({ audioUrl: url, refText: 'hi' }), 65_536)).toBeNull();
  });
});

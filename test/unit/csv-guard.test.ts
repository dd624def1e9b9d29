import { describe, expect, it } from 'vitest';
import { guardCell, safeCsv } from '../../src/main/export/csv.js';

describe('the CSV formula guard', () => {
  it.each([
    ' =1+1',
    '\n=HYPERLINK("http://evil.example","x")',
    '  \t@SUM(A1:A9)',
    '\r\n+cmd|calc',
    '\u00a0\u2003-2+3',
    '\u2028=1',
  ])('guards %j, a formula behind leading whitespace', (typed) => {
    expect(guardCell(typed)).toBe(`'${typed}`);
  });

  it('leaves whitespace before ordinary words, and numbers, as they are', () => {
    expect(guardCell(' the library opens at nine')).toBe(' the library opens at nine');
    expect(guardCell('\nsecond line')).toBe('\nsecond line');
    expect(guardCell(-3)).toBe(-3);
  });

  it('guards them in the written CSV', () => {
    const text = safeCsv(['typed_answer'], [[' =1+1'], ['\n=2']]);
    expect(text).toBe('\uFEFF"typed_answer"\n"\' =1+1"\n"\'\n=2"\n');
  });
});

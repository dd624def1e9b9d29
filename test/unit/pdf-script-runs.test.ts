import { describe, expect, it } from 'vitest';
import { bodyDrawsAll, scriptRuns } from '../../src/main/export/pdf/script-runs.js';

describe('PDF text split into runs, one face per script', () => {
  it('leaves Latin, Greek and Cyrillic to the body face', () => {
    expect(bodyDrawsAll('Zoë Łukasiewicz, Ελένη, Алёна')).toBe(true);
    expect(bodyDrawsAll('王小明')).toBe(false);
    // DejaVu has Arabic letters, but not the shaping a reader expects.
    expect(bodyDrawsAll('فاطمة')).toBe(false);
  });

  it('chooses each script’s face, spaces and punctuation staying with the run around them', () => {
    expect(scriptRuns('Good, 王小明 – สมชาย and प्रिया')).toEqual([
      { text: 'Good, ', face: 'body' },
      { text: '王小明 – ', face: 'chinese' },
      { text: 'สมชาย ', face: 'thai' },
      { text: 'and ', face: 'body' },
      { text: 'प्रिया', face: 'devanagari' },
    ]);
  });

  it('draws Chinese characters in the Japanese or Korean face when the text is Japanese or Korean', () => {
    expect(scriptRuns('山田さくら')).toEqual([{ text: '山田さくら', face: 'japanese' }]);
    expect(scriptRuns('金 김민준')).toEqual([{ text: '金 김민준', face: 'korean' }]);
    expect(scriptRuns('山田')).toEqual([{ text: '山田', face: 'chinese' }]);
  });

  it('moves the spaces and punctuation that end an Arabic run after it', () => {
    expect(scriptRuns('فاطمة الزهراء. OK')).toEqual([
      { text: 'فاطمة الزهراء', face: 'arabic' },
      { text: '. ', face: 'body' },
      { text: 'OK', face: 'body' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  freeContent,
  keyPointLists,
  lectureOrder,
  type FreeContent,
  type FreeTask,
  type HeardSpeech,
} from '../../src/engine/scoring/free-content.js';
import {
  keyPointsFor,
  MAX_KEY_POINTS,
  spotKeyPoints,
  wordConfidence,
  type KeyPoint,
  type SpokenWord,
} from '../../src/engine/scoring/key-points.js';
import { HEARD_BAR, SHOWN_WORD_BAR } from '../../src/engine/scoring/models/key-point-model.js';
import {
  KEY_PHRASE_WEIGHT,
  promptSentenceGrammar,
  SKIP_WEIGHT,
  spottingGrammar,
} from '../../src/engine/recognizer/grammar.js';
import { spokenVariants } from '../../src/engine/text/key-phrases.js';
import { tokenize } from '../../src/engine/text/words.js';
import { innerGaps, phrasesOf, splitSpan } from '../../src/engine/audio/phrases.js';

/** 30 ms VAD frames: `s` speech, `.` silence. */
function frames(pattern: string): boolean[] {
  return [...pattern].map((char) => char === 's');
}

/** Words heard one after another, each of 4 phones over 40 frames with the given GOP. */
function spoken(words: string, gop = 0, phrase = 0, followsPrompt = true): SpokenWord[] {
  return words.split(' ').map((word, index) => ({
    spoken: word,
    gop,
    phones: 4,
    frames: 40,
    agreement: 0.5,
    startMs: index * 500,
    endMs: index * 500 + 400,
    phrase,
    followsPrompt,
    sentenceScore: followsPrompt ? 1 : 0,
  }));
}

const BARS = HEARD_BAR;

const point = (display: string, lecturePlace: number | null = null): KeyPoint => ({
  display,
  variants: spokenVariants(display),
  words: display.split(' '),
  lecturePlaces: lecturePlace === null ? [] : [lecturePlace],
});

describe('phrases', () => {
  it('finds the pauses between the first and the last speech', () => {
    expect(innerGaps(frames('..sss..ss...s..'))).toEqual([
      { start: 5, end: 7 },
      { start: 9, end: 12 },
    ]);
  });

  it('cuts a long stretch at its longest pause, never leaving a piece too short', () => {
    const gaps = [
      { start: 2, end: 3 },
      { start: 10, end: 14 },
    ];
    const limits = { maxFrames: 12, minFrames: 4, breakFrames: 100 };
    // The gap at 2 would leave a 2-frame piece: the cut falls in the longest gap that does not.
    expect(splitSpan({ start: 0, end: 24 }, gaps, limits)).toEqual([
      { start: 0, end: 10 },
      { start: 14, end: 24 },
    ]);
  });

  it('ends a phrase at a sentence-length pause even when it is short, and cuts unbroken speech in the middle', () => {
    const limits = { maxFrames: 100, minFrames: 2, breakFrames: 3 };
    expect(splitSpan({ start: 0, end: 12 }, [{ start: 5, end: 8 }], limits)).toHaveLength(2);
    expect(splitSpan({ start: 0, end: 12 }, [{ start: 5, end: 7 }], limits)).toHaveLength(1);
    expect(splitSpan({ start: 0, end: 20 }, [], { ...limits, maxFrames: 10 })).toEqual([
      { start: 0, end: 10 },
      { start: 10, end: 20 },
    ]);
  });

  it('gives each phrase its own audio with the pause before it', () => {
    // 2 s of speech, a 0.9 s pause, 2 s of speech (30 ms frames).
    const pattern = `${'.'.repeat(10)}${'s'.repeat(67)}${'.'.repeat(30)}${'s'.repeat(67)}${'.'.repeat(10)}`;
    const phrases = phrasesOf(frames(pattern), pattern.length * 480);
    expect(phrases).toHaveLength(2);
    expect(phrases[0]!.gapBeforeSeconds).toBe(0);
    expect(phrases[1]!.gapBeforeSeconds).toBeCloseTo(0.9, 5);
    expect(phrases[0]!.endSample).toBeLessThanOrEqual(phrases[1]!.startSample);
    expect(phrasesOf(frames('....'), 4 * 480)).toEqual([]);
  });
});

describe('words shown', () => {
  it('shows a word of a sentence the verdict accepted surely, not of one it barely accepted', () => {
    const word = spoken('glaciers')[0]!;
    expect(wordConfidence({ ...word, sentenceScore: 1 })).toBeGreaterThanOrEqual(SHOWN_WORD_BAR);
    // Phrases accepted under 0.9 were mostly another sentence than the one said.
    expect(wordConfidence({ ...word, sentenceScore: 0.65 })).toBeLessThan(SHOWN_WORD_BAR);
  });
});

describe('key points', () => {
  it('takes the request keywords, a phrase counting as one point', () => {
    expect(keyPointsFor('anything', [' climate change ', 'ice', ''])).toEqual(
      [
        {
          display: ' climate change ',
          variants: [['climate', 'change']],
          words: ['climate', 'change'],
          lecturePlaces: [],
        },
        { display: 'ice', variants: [['ice']], words: ['ice'] },
      ].map((entry) => ({ lecturePlaces: [], ...entry })),
    );
  });

  it('places each keyword wherever the lecture says it, whatever the list’s order', () => {
    const lecture = 'Glaciers melt. The oceans rise, and floods follow the melting glaciers.';
    const points = keyPointsFor(lecture, ['floods', 'ocean', 'rising seas', 'melted', 'glacier']);
    expect(points.map((entry) => entry.lecturePlaces)).toEqual([[6], [3], [], [1, 9], [0, 10]]);
  });

  it('keeps each keyword whole and exactly as sent, however it is punctuated', () => {
    const keywords = ['U.S. economy', '1990', 'climate, change', 'well-known', 'e.g. governments'];
    const points = keyPointsFor('anything', keywords);
    expect(points.map((entry) => entry.display)).toEqual(keywords);
    expect(points.map((entry) => entry.variants)).toEqual([
      [['u', 's', 'economy']],
      [
        ['nineteen', 'ninety'],
        ['one', 'thousand', 'nine', 'hundred', 'ninety'],
      ],
      [['climate', 'change']],
      [['well', 'known']],
      [
        ['for', 'example', 'governments'],
        ['e', 'g', 'governments'],
      ],
    ]);
    expect(spokenVariants('the 1990s')[0]).toEqual(['the', 'nineteen', 'nineties']);
    expect(spokenVariants('1905')[0]).toEqual(['nineteen', 'oh', 'five']);
    expect(spokenVariants('50%')).toEqual([['fifty', 'percent']]);
  });

  it('hears a point said in any of its ways', () => {
    const found = spotKeyPoints(
      [point('1990'), point('U.S. economy')],
      spoken('nineteen ninety u s economies'),
      BARS,
    );
    expect(found.map((entry) => entry.found !== null)).toEqual([true, true]);
    expect(found[1]!.found).toMatchObject({ startMs: 1000, endMs: 2400 });
  });

  it('otherwise takes refText’s content words, once per stem, never what any answer says', () => {
    const points = keyPointsFor(
      'The lecture shows that glaciers melt. A glacier melts fast, in 2020.',
      undefined,
    );
    expect(points.map((entry) => entry.display)).toEqual(['glaciers', 'melt', 'fast', '2020']);
    expect(points[3]!.variants).toEqual([
      ['twenty', 'twenty'],
      ['two', 'thousand', 'twenty'],
    ]);
    const many = Array.from(
      { length: 30 },
      (_, index) => `word${String.fromCharCode(97 + (index % 26))}${index}`,
    );
    expect(keyPointsFor(many.join(' '), undefined)).toHaveLength(MAX_KEY_POINTS);
  });

  it('keeps points from every sentence when a long text has too many', () => {
    const sentence = (letter: string) =>
      `${Array.from({ length: 10 }, (_, index) => `${letter}word${String.fromCharCode(97 + index)}`).join(' ')}.`;
    const points = keyPointsFor(['x', 'y', 'z'].map(sentence).join(' '), undefined);
    expect(points).toHaveLength(MAX_KEY_POINTS);
    for (const letter of ['x', 'y', 'z']) {
      expect(
        points.filter((entry) => entry.display.startsWith(letter)).length,
      ).toBeGreaterThanOrEqual(6);
    }
  });

  it('finds a point in any inflection, all its words together in one phrase', () => {
    const words = [
      ...spoken('the glaciers melted'),
      ...spoken('climate', 0, 1),
      ...spoken('change', 0, 2),
    ];
    const found = spotKeyPoints(
      [point('glacier'), point('melt'), point('climate change')],
      words,
      BARS,
    );
    expect(found.map((entry) => entry.found !== null)).toEqual([true, true, false]);
    expect(found[1]!.found).toMatchObject({ startMs: 1000, endMs: 1400 });
    const together = spotKeyPoints([point('climate change')], spoken('climate change'), BARS);
    expect(together[0]!.found).not.toBeNull();
  });

  it('finds a point in a written word that says several words ("1990", "U.S.")', () => {
    // One word of a verified lecture sentence each, as the sentence's slots are.
    const words = spoken('grew after 1990 in the U.S.').map((word) => ({
      ...word,
      spoken: tokenize(word.spoken)[0]!.spoken.join(' '),
    }));
    const found = spotKeyPoints(
      [point('1990'), point('ninety'), point('U.S. economy')],
      words,
      BARS,
    );
    expect(found.map((entry) => entry.found)).toEqual([
      expect.objectContaining({ startMs: 1000, endMs: 1400 }),
      expect.objectContaining({ startMs: 1000, endMs: 1400 }),
      null,
    ]);
    const economy = [...words, ...spoken('economy')].map((word, index) => ({
      ...word,
      startMs: index * 500,
      endMs: index * 500 + 400,
    }));
    expect(spotKeyPoints([point('U.S. economy')], economy, BARS)[0]!.found).toMatchObject({
      startMs: 2500,
      endMs: 3400,
    });
  });

  it('does not count a point whose sounds do not support it, asking more of a word alone', () => {
    const weak = spotKeyPoints([point('glacier')], spoken('glacier', -45, 0, false), BARS)[0]!;
    expect(weak.found).toBeNull();
    expect(weak.confidence).toBeLessThan(BARS);
    // The same sounds count inside a phrase taken for a prompt sentence, not in a word alone.
    expect(spotKeyPoints([point('glacier')], spoken('glacier', 0), BARS)[0]!.found).not.toBeNull();
    const alone = spoken('glacier', 0, 0, false);
    expect(spotKeyPoints([point('glacier')], alone, BARS)[0]!.found).toBeNull();
  });

  it('hears a point outside any prompt sentence where the answer says the other points too, not where it is the only one', () => {
    const points = ['glacier', 'melt', 'oceans', 'floods'].map((display) => point(display));
    const ownWords = spotKeyPoints(points, spoken('glacier melt oceans floods', 0, 0, false), BARS);
    expect(ownWords.map((entry) => entry.found !== null)).toEqual([true, true, true, true]);
    const alone = spotKeyPoints(points, spoken('glacier', 0, 0, false), BARS)[0]!;
    expect(alone.found).toBeNull();
    expect(alone.confidence).toBeLessThan(ownWords[0]!.confidence);
  });
});

/** What was heard, when every word is shown and the speech is the words' own span. */
function heardAll(words: readonly SpokenWord[], heard: Partial<HeardSpeech> = {}): HeardSpeech {
  const speechMs = words.length > 0 ? words.at(-1)!.endMs - words[0]!.startMs : 0;
  return { words, shown: words, speechMs, ...heard };
}

function contentOf(
  task: FreeTask,
  listed: readonly KeyPoint[],
  words: readonly SpokenWord[],
  heard: Partial<HeardSpeech> = {},
): FreeContent {
  return freeContent(task, spotKeyPoints(listed, words, BARS), heardAll(words, heard));
}

describe('content per task', () => {
  const points = ['glaciers', 'melt', 'oceans', 'floods'].map((display, index) =>
    point(display, index),
  );

  it('rewards the share of key points (full at three in four), naming those covered and missed', () => {
    const all = contentOf('rl', points, spoken('glaciers melt oceans floods'));
    const half = contentOf('rl', points, spoken('glaciers melt'));
    expect(all.fraction).toBe(1);
    expect(half.fraction).toBeCloseTo(0.5 / 0.75, 5);
    expect(half.suggestion).toBe(
      'The answer covers some key points (2 of 4). Covered: glaciers, melt. Missed: oceans, floods.',
    );
  });

  it('holds back a retelling whose points come out of the lecture’s order', () => {
    const words = spoken('floods oceans melt glaciers');
    const content = contentOf('rl', points, words);
    expect(lectureOrder(spotKeyPoints(points, words, BARS)).inPlace).toHaveLength(1);
    expect(content.fraction).toBeCloseTo(0.85, 5);
    expect(content.suggestion).toBe(
      'The answer covers the key points (4 of 4), partly out of the lecture’s order (out of place: oceans, melt, glaciers). Covered: glaciers, melt, oceans, floods.',
    );
  });

  it('names the one point heard out of place and holds back one step of the order', () => {
    const words = spoken('glaciers oceans melt floods');
    const spotted = spotKeyPoints(points, words, BARS);
    expect(lectureOrder(spotted).outOfPlace.map((point) => point.display)).toEqual(['melt']);
    expect(freeContent('rl', spotted, heardAll(words)).fraction).toBeCloseTo(
      0.85 + (0.15 * 2) / 3,
      5,
    );
  });

  it('does not credit a retelling told in two swapped blocks as mostly in order', () => {
    const words = spoken('oceans floods glaciers melt');
    const spotted = spotKeyPoints(points, words, BARS);
    expect(lectureOrder(spotted).outOfPlace).toHaveLength(2);
    // Counting consecutive pairs in order gave two in three: 0.85 + 0.15 × 2/3.
    expect(freeContent('rl', spotted, heardAll(words)).fraction).toBeCloseTo(0.85 + 0.15 / 3, 5);
  });

  it('takes the lecture’s order from the lecture, not from the order the keywords were listed in', () => {
    const listed = keyPointsFor('Glaciers melt, the oceans rise and floods follow.', [
      'floods',
      'oceans',
      'melt',
      'glaciers',
    ]);
    const inLectureOrder = spoken('glaciers melt oceans floods');
    const inListOrder = spoken('floods oceans melt glaciers');
    const retold = contentOf('rl', listed, inLectureOrder);
    expect(retold.fraction).toBe(1);
    expect(retold.suggestion).not.toMatch(/order/u);
    const reversed = contentOf('rl', listed, inListOrder);
    expect(reversed.fraction).toBeCloseTo(0.85, 5);
    expect(reversed.suggestion).toMatch(/out of the lecture’s order/u);
  });

  it('keeps a retelling in order when it names a point where the lecture comes back to it', () => {
    const lecture = 'Tina paints. Mark sings. Tina dances.';
    const listed = keyPointsFor(lecture, ['mark', 'tina', 'dances']);
    const retelling = spoken('tina paints mark sings tina dances').map((word, index) =>
      index === 4 ? { ...word, gop: 5 } : word,
    );
    const spotted = spotKeyPoints(listed, retelling, BARS);
    expect(spotted.find((entry) => entry.keyPoint.display === 'tina')?.found?.startMs).toBe(2000);
    expect(lectureOrder(spotted).outOfPlace).toEqual([]);
    expect(lectureOrder(spotted).inPlace.map((point) => point.display)).toEqual([
      'mark',
      'tina',
      'dances',
    ]);
    const shuffled = lectureOrder(spotKeyPoints(listed, spoken('tina dances mark sings'), BARS));
    expect(shuffled.outOfPlace.map((point) => point.display)).toEqual(['mark']);
  });

  it('gives an image description with a conclusion the full share', () => {
    const plain = spoken('glaciers melt oceans floods');
    const concluded = spoken('glaciers melt oceans floods overall');
    expect(contentOf('di', points, plain).fraction).toBeCloseTo(0.85, 5);
    expect(contentOf('di', points, concluded).fraction).toBe(1);
  });

  it('gives off-topic speech and one word repeated 0, saying why', () => {
    const offTopic = spoken('pasta tomato sauce dinner', 5, 0, false);
    expect(contentOf('rl', points, offTopic)).toMatchObject({
      fraction: 0,
      relevant: false,
      suggestion: expect.stringMatching(
        /^The answer is off-topic: none of the lecture's 4 key points/u,
      ),
    });
    const repeated = spoken('glaciers glaciers in glacier to glaciers');
    expect(contentOf('di', points, repeated)).toMatchObject({
      fraction: 0,
      relevant: false,
      suggestion: expect.stringMatching(/repeats the same word/u),
    });
  });

  it('calls a word repeated only where its hits span the speech, not a short word heard inside speech it cannot name', () => {
    const hits = spoken('see see see see see see', -20, 0, false);
    expect(contentOf('rl', points, hits).suggestion).toMatch(/repeats the same word/u);
    // The same six hits in a 30 s retelling ("see" in seven places of speaker 9604's).
    expect(contentOf('rl', points, hits, { speechMs: 30_000 }).suggestion).toMatch(
      /^The answer is off-topic/u,
    );
  });

  it('draws a conclusion only from a conclusion word shown', () => {
    const concluded = spoken('glaciers melt oceans floods overall');
    const hidden = { shown: concluded.slice(0, 4) };
    expect(contentOf('di', points, concluded, hidden).fraction).toBeCloseTo(0.85, 5);
  });

  it('keeps a phrase of the prompt relevant even when it holds none of the key points', () => {
    const words = spoken('governments must act', 5, 0, true);
    expect(contentOf('rl', points, words)).toMatchObject({
      fraction: 0,
      relevant: true,
      suggestion: expect.stringMatching(/^The answer misses most key points \(0 of 4\)/u),
    });
  });

  it('lists covered and missed key points, leaving out an empty list', () => {
    expect(keyPointLists(spotKeyPoints(points, spoken('glaciers'), BARS))).toBe(
      'Covered: glaciers. Missed: melt, oceans, floods.',
    );
    expect(keyPointLists(spotKeyPoints(points.slice(0, 1), spoken('glaciers'), BARS))).toBe(
      'Covered: glaciers.',
    );
  });
});

describe('prompt grammars', () => {
  const vocabulary = {
    sentences: [tokenize('ice melts'), tokenize('seas rise')],
    keyPhrases: [[['melts']], [['sea', 'level'], ['seas']]],
    forms: new Map([['melts', ['melt', 'melted']]]),
    hesitations: ['um'],
  };

  it('offers any one prompt sentence, its words in order, each skipped at a cost, in any form', () => {
    const skip = '| /0.000001/ <NULL> )';
    expect(promptSentenceGrammar(vocabulary, SKIP_WEIGHT)).toContain(
      `public <answer> = (( /1/ ice ${skip} ( /1/ (melts | melt | melted) ${skip}) | (( /1/ seas ${skip} ( /1/ rise ${skip});`,
    );
    expect(promptSentenceGrammar(vocabulary, 1)).toContain(
      'public <answer> = ([ice] [(melts | melt | melted)]) | ([seas] [rise]);',
    );
  });

  it('spots each key phrase whole, in any of its ways, against a free phone loop', () => {
    const grammar = spottingGrammar(vocabulary);
    expect(grammar).toMatch(/public <answer> = \( ph_aa \| ph_ae \| .* \| ph_zh \| /u);
    expect(grammar).toContain(
      `| /${KEY_PHRASE_WEIGHT}/ ((melts | melt | melted)) | /${KEY_PHRASE_WEIGHT}/ (sea level | seas) | /0.005/ um )*;`,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { nothingHeard, type SpeechAnalysis } from '../../src/engine/evidence/speech-analysis.js';
import type { DecodedSegment } from '../../src/engine/recognizer/acoustic-model.js';
import {
  FALSE_START_CEILING,
  withFalseStart,
} from '../../src/engine/scoring/false-start-fluency.js';
import { readingFluency } from '../../src/engine/scoring/repeat-sentence.js';
import { SPEECH_RATE_BARS } from '../../src/engine/scoring/speech-rate.js';
import { fluencySuggestion } from '../../src/engine/scoring/suggestions.js';

const segment = (text: string, startFrame: number): DecodedSegment => ({
  text,
  startFrame,
  endFrame: startFrame + 20,
  acousticScore: 0,
});
const once: SpeechAnalysis = nothingHeard(300);
const restarted: SpeechAnalysis = {
  ...once,
  falseStart: [segment('the', 10), segment('students', 31)],
};
const brisk = { articulation: 12, sounding: 12 };

describe('fluency after a false start', () => {
  it('holds a restarted reading under the top of the experts’ “a few repetitions” band', () => {
    expect(FALSE_START_CEILING).toBe(0.7);
    expect(withFalseStart(0.92, restarted)).toBe(0.7);
    expect(withFalseStart(0.55, restarted)).toBe(0.55);
  });

  it('leaves a reading said once as the models rate it', () => {
    expect(withFalseStart(0.92, once)).toBe(0.92);
  });

  it('takes the lower of the speech-rate and false-start ceilings', () => {
    expect(readingFluency(0.92, restarted, brisk)).toBe(0.7);
    expect(readingFluency(0.92, once, brisk)).toBe(0.92);
    const slow = { articulation: SPEECH_RATE_BARS.articulation.slow };
    expect(readingFluency(0.92, restarted, slow)).toBeCloseTo(0.4, 6);
  });

  it('names the restart in the suggestion, before pauses and hesitations', () => {
    expect(fluencySuggestion(0.7, { pauses: 2, hesitations: 0, restarts: 1 })).toBe(
      'Mostly smooth delivery with some hesitation (1 restart, 2 long pauses).',
    );
    expect(fluencySuggestion(0.9, { pauses: 0, hesitations: 1, restarts: 0 })).toBe(
      'Smooth, even delivery (1 hesitation).',
    );
    expect(fluencySuggestion(0.3, { pauses: 0, hesitations: 0, restarts: 0 })).toBe(
      'Halting delivery with many hesitations.',
    );
  });
});

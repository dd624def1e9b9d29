import type { HeardWord, SpeechAnalysis } from '../../src/engine/evidence/speech-analysis.js';
import type { AlignedPhone } from '../../src/engine/recognizer/recognize.js';
import { tokenize } from '../../src/engine/text/words.js';

/** A heard word of phones of 10 frames each whose GOP (forced − loop, per frame) is `gops`. */
export function wordWithGops(slot: number, gops: number[]): HeardWord {
  const start = slot * 100;
  const phones: AlignedPhone[] = gops.map((gop, index) => ({
    text: 'ph_aa',
    phone: 'AA',
    startFrame: start + index * 10,
    endFrame: start + index * 10 + 9,
    acousticScore: gop * 10 - 50,
    competitorScore: -50,
    posterior: 1,
    agreement: 0.5,
  }));
  return {
    slot,
    decoded: true,
    levelDb: 0,
    saidLogOdds: 0,
    entry: 'x',
    startFrame: start,
    endFrame: start + gops.length * 10 - 1,
    phones,
  };
}

/** An analysis of `text` whose words are `words`, all aligned and heard, nothing else found. */
export function analysisOf(text: string, words: HeardWord[]): SpeechAnalysis {
  return {
    reference: tokenize(text),
    aligned: words,
    heard: words,
    unsureSlots: [],
    rejected: 0,
    fillers: [],
    loopPhones: [],
    totalFrames: 400,
    soundingFrames: 400,
    falseStart: [],
    decodedPath: [],
  };
}

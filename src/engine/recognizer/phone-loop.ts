import { SAMPLES_PER_FRAME, type AcousticModel, type Beams } from './acoustic-model.js';
import { PHONES, phoneWord } from './phones.js';
import type { AlignedPhone } from './recognize.js';

/** Any of the phones, any number of times. */
export const LOOP_GRAMMAR = `#JSGF V1.0;\ngrammar phones;\npublic <phones> = <phone>*;\n<phone> = ${PHONES.map(phoneWord).join(' | ')};\n`;
/** Frames of context kept either side of the answer, so edge phones see their neighbours. */
const MARGIN_FRAMES = 5;
/**
 * Narrower than the decoder's defaults (1e-48, 7e-29): the loop's cost is a third lower and
 * its GOP correlates with the experts' phone scores just as well (measured on speechocean762).
 */
export const LOOP_BEAMS: Beams = { beam: 1e-25, pbeam: 1e-25, wbeam: 1e-15 };

export interface PhoneCompetition {
  /** Acoustic score of the free phone loop's best path over the phone's frames. */
  competitorScore: number;
  /** Share of the phone's frames where the free loop recognised the same phone. */
  agreement: number;
}

/**
 * The competing hypothesis for GOP: a free phone loop decoded over the answer's span. Its best
 * path is the strongest sequence of any phones, so forced minus free score per frame measures
 * how much worse the expected phone explains the audio than whatever phone fits best.
 */
export interface LoopResult {
  competitions: PhoneCompetition[];
  /** The phones the free loop heard over the answer's span, in order (ARPAbet). */
  heardPhones: string[];
}

export function competePhones(
  model: AcousticModel,
  samples: Float32Array,
  phones: readonly AlignedPhone[],
): LoopResult {
  const first = phones[0];
  const last = phones.at(-1);
  if (!first || !last) return { competitions: [], heardPhones: [] };
  const startFrame = Math.max(0, first.startFrame - MARGIN_FRAMES);
  const endFrame = last.endFrame + MARGIN_FRAMES;
  const span = samples.subarray(startFrame * SAMPLES_PER_FRAME, (endFrame + 1) * SAMPLES_PER_FRAME);
  const scores = new Float64Array(endFrame - startFrame + 1);
  const labels = new Array<string>(scores.length).fill('');
  const segments = model.withBeams(LOOP_BEAMS, () => model.decodeGrammar(span, LOOP_GRAMMAR));
  for (const segment of segments) {
    const frames = segment.endFrame - segment.startFrame + 1;
    for (
      let frame = segment.startFrame;
      frame <= segment.endFrame && frame < scores.length;
      frame += 1
    ) {
      scores[frame] = segment.acousticScore / frames;
      labels[frame] = segment.text;
    }
  }
  const competitions = phones.map((phone) => {
    let competitorScore = 0;
    let same = 0;
    for (let frame = phone.startFrame; frame <= phone.endFrame; frame += 1) {
      competitorScore += scores[frame - startFrame] ?? 0;
      if (labels[frame - startFrame] === phoneWord(phone.phone)) same += 1;
    }
    return {
      competitorScore,
      agreement: same / Math.max(1, phone.endFrame - phone.startFrame + 1),
    };
  });
  const heardPhones = segments
    .filter((segment) => segment.text.startsWith('ph_'))
    .map((segment) => segment.text.slice(3).toUpperCase());
  return { competitions, heardPhones };
}

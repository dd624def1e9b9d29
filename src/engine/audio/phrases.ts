import { speechFrames, VAD_FRAME_SECONDS } from './vad.js';

/**
 * The longest stretch scored as one phrase. The delivery models were calibrated on
 * speechocean762 sentences of 2–8 s; a 30 s answer analysed whole scores far below its parts
 * (long answers are cut into phrases of this size at their pauses, then scored phrase by phrase).
 */
export const MAX_PHRASE_SECONDS = 8;
/** No phrase shorter than this is cut off (one word alone scores badly). */
const MIN_PHRASE_SECONDS = 1.5;
/**
 * A pause this long ends a phrase whatever its length: the breath between two sentences, which
 * a sentence scored alone never has. Scored inside a phrase it would count as a hesitation and
 * a long answer would score below its sentences.
 */
export const PHRASE_BREAK_SECONDS = 0.45;
/** Audio kept either side of the speech, so the first and last sounds are whole. */
const EDGE_SECONDS = 0.15;

/** [start, end) in 30 ms VAD frames. */
export interface FrameSpan {
  start: number;
  end: number;
}

/** A stretch of the answer in samples, with the silence before it (0 for the first phrase). */
export interface Phrase {
  startSample: number;
  endSample: number;
  gapBeforeSeconds: number;
}

/** Runs of frames without speech between the first and the last speech frame. */
export function innerGaps(speech: readonly boolean[]): FrameSpan[] {
  const first = speech.indexOf(true);
  const last = speech.lastIndexOf(true);
  const gaps: FrameSpan[] = [];
  for (let index = first + 1; first >= 0 && index < last; index += 1) {
    if (speech[index]) continue;
    const start = index;
    while (index < last && !speech[index]) index += 1;
    gaps.push({ start, end: index });
  }
  return gaps;
}

export interface SplitLimits {
  maxFrames: number;
  minFrames: number;
  breakFrames: number;
}

/**
 * Cuts [span.start, span.end) at its longest pause (that leaves both sides a useful length),
 * again and again, until every piece is short enough. Speech without any pause is cut in the
 * middle: a phrase must stay in the length the models know.
 */
export function splitSpan(
  span: FrameSpan,
  gaps: readonly FrameSpan[],
  limits: SplitLimits,
): FrameSpan[] {
  const { maxFrames, minFrames, breakFrames } = limits;
  const inside = gaps.filter(
    (gap) => gap.start - span.start >= minFrames && span.end - gap.end >= minFrames,
  );
  const longest = inside.reduce<FrameSpan | null>(
    (best, gap) => (best === null || gap.end - gap.start > best.end - best.start ? gap : best),
    null,
  );
  const breaks = longest !== null && longest.end - longest.start >= breakFrames;
  if (span.end - span.start <= maxFrames && !breaks) return [span];
  const cut = longest ?? {
    start: Math.floor((span.start + span.end) / 2),
    end: Math.floor((span.start + span.end) / 2),
  };
  return [
    ...splitSpan({ start: span.start, end: cut.start }, gaps, limits),
    ...splitSpan({ start: cut.end, end: span.end }, gaps, limits),
  ];
}

/** The answer's speech cut into phrases at its pauses (empty when no speech is heard). */
export function phrasesOf(speech: readonly boolean[], totalSamples: number): Phrase[] {
  const first = speech.indexOf(true);
  if (first < 0) return [];
  const perSecond = 1 / VAD_FRAME_SECONDS;
  const spans = splitSpan({ start: first, end: speech.lastIndexOf(true) + 1 }, innerGaps(speech), {
    maxFrames: Math.round(MAX_PHRASE_SECONDS * perSecond),
    minFrames: Math.round(MIN_PHRASE_SECONDS * perSecond),
    breakFrames: Math.round(PHRASE_BREAK_SECONDS * perSecond),
  });
  const samplesPerFrame = Math.round(VAD_FRAME_SECONDS * 16000);
  const edge = Math.round(EDGE_SECONDS * perSecond);
  // Neighbouring phrases share no audio: each takes at most half the pause between them.
  const margin = (gap: number): number => Math.min(edge, Math.floor(gap / 2));
  return spans.map((span, index) => {
    const before = index === 0 ? edge : margin(span.start - spans[index - 1]!.end);
    const after = index === spans.length - 1 ? edge : margin(spans[index + 1]!.start - span.end);
    return {
      startSample: Math.max(0, (span.start - before) * samplesPerFrame),
      endSample: Math.min(totalSamples, (span.end + after) * samplesPerFrame),
      gapBeforeSeconds: index === 0 ? 0 : (span.start - spans[index - 1]!.end) * VAD_FRAME_SECONDS,
    };
  });
}

/** Splits 16 kHz audio into phrases at its pauses. */
export async function splitIntoPhrases(samples: Float32Array): Promise<Phrase[]> {
  return phrasesOf(await speechFrames(samples), samples.length);
}

import type { SpeechAnalysis } from '../evidence/speech-analysis.js';

/**
 * A false start (words abandoned before the reader starts the sentence again, or a whole first
 * reading) is a disfluency the fluency model cannot see: it reads the final reading alone, which
 * is aligned after the false start. A restart of an otherwise fluent reading kept its fluency
 * (−0.09 of 5 against the clean reading, users bench, issue 19). speechocean762's experts rate
 * "fluent without noticeable pauses or stammering" 8–10 of 10 and "fluent in general, with a few
 * pauses, repetition and stammering" 6–7, so an answer with a false start is held under the top
 * of that band: 7 of 10.
 */
export const FALSE_START_CEILING = 0.7;

/** How often the reader restarted: the reading grammar allows one false start. */
export function restartsOf(analysis: Pick<SpeechAnalysis, 'falseStart'>): number {
  return analysis.falseStart.length > 0 ? 1 : 0;
}

/** The fluency share (0–1), held under the false-start ceiling where the reader restarted. */
export function withFalseStart(
  fluency: number,
  analysis: Pick<SpeechAnalysis, 'falseStart'>,
): number {
  return restartsOf(analysis) > 0 ? Math.min(fluency, FALSE_START_CEILING) : fluency;
}

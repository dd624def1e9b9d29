import type { DecodedSegment } from '../recognizer/acoustic-model.js';
import { baseWord } from '../recognizer/dictionary.js';
import type { TextWord } from '../text/words.js';
import { UNHEARD_SPEECH_FRAMES, type SplitReading } from './false-start.js';
import {
  firstSoundFrom,
  PAUSE_FRAMES,
  QUIET_MARGIN_FRAMES,
  quietUnder,
  soundingFrames,
} from './levels.js';

/** Speech after a reading: where the reading ends, and whether its decode reached into it. */
export interface SpeechAfter {
  /** The frame the reading ends before: QUIET_MARGIN_FRAMES into the pause, as around a voice. */
  endFrame: number;
  /** The decode put the sentence's last word into the speech after: decode the reading again. */
  lastWordAfter: boolean;
}

/**
 * Speech after a whole reading: a pause, then 0.5 s or more of speech (UNHEARD_SPEECH_FRAMES)
 * in which the sentence has no word left to say: a remark after the answer ("that's all"), or
 * another candidate in the room. Aligned with the reading, it stretched the reading's last words
 * and counted as its sounding time: a reading followed by another learner's lost 1.36 of 5 in
 * fluency on average (16 speechocean762 readings). The words before the pause are a whole
 * reading (wholeReading); or all but the last word, which the decoder found in the speech after
 * a pause the reader did not make before it (the audio before the pause is then decoded again).
 */
export function speechAfter(
  split: SplitReading,
  reference: readonly TextWord[],
  levels: Float64Array,
): SpeechAfter | undefined {
  const words = split.reading;
  if (!wholeReading(words, reference)) return undefined;
  const quiet = quietUnder(levels, words);
  return after(words.length - 1) ?? (words.length >= 2 ? after(words.length - 2, true) : undefined);

  function after(index: number, lastWordAfter = false): SpeechAfter | undefined {
    const next = words[index + 1];
    // The decoder often ends the last word before its sound dies away: the pause is looked for.
    const pause = quiet.pauseFrom(words[index]!.endFrame + 1);
    if (pause === undefined) return undefined;
    const speech = firstSoundFrom(levels, pause + PAUSE_FRAMES);
    if (speech === undefined || soundingFrames(levels, speech) < UNHEARD_SPEECH_FRAMES)
      return undefined;
    // The last word, if after the pause, was found in the speech after it.
    if (next && next.startFrame < speech) return undefined;
    return { endFrame: Math.min(speech, pause + QUIET_MARGIN_FRAMES), lastWordAfter };
  }
}

/**
 * Whether `words` are the whole sentence. Not one may be missing: where one was, the speech
 * after the pause was often the reader's own last words, said late, which the decoder had put
 * early ("at least he know", then "could know"): so 5 of speechocean762's 1,086 readings said
 * once were ended (1 by the 8 kHz model's decode, 4 by the 16 kHz model's); with every word
 * needed, 3 (bench/false-starts.ts).
 */
export function wholeReading(
  words: readonly DecodedSegment[],
  reference: readonly TextWord[],
): boolean {
  const sentence = reference.flatMap((word) => word.spoken);
  return (
    words.length === sentence.length &&
    words.every((word, index) => baseWord(word.text) === sentence[index])
  );
}

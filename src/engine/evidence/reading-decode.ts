import type { AcousticModel, Beams, DecodedSegment } from '../recognizer/acoustic-model.js';
import { SAMPLES_PER_FRAME } from '../recognizer/acoustic-model.js';
import { sequenceGrammar } from '../recognizer/grammar.js';
import { isFiller, isSilence } from '../recognizer/recognize.js';
import { spokenWordCount, type TextWord } from '../text/words.js';
import {
  readingAfterFalseStart,
  restartAfterPause,
  splitFalseStart,
  UNHEARD_SPEECH_FRAMES,
  type SplitReading,
} from './false-start.js';
import { soundingFramesWithin } from './levels.js';
import { speechAfter, wholeReading } from './speech-after.js';

/**
 * The reading's grammar decode: the words decoded, with a false start split off. `restarts`
 * (Repeat Sentence) allows the false start, decodes again a reading the first decode lost, and
 * ends the reading before speech that follows it; free speech's phrases are decoded once, under
 * the plain reading grammar. A false start another model heard (`heardFalseStart`) is taken as
 * found, and the reading decoded after it.
 */
export function decodeReading(
  model: AcousticModel,
  samples: Float32Array,
  levels: Float64Array,
  reference: readonly TextWord[],
  restarts: boolean,
  heardFalseStart: DecodedSegment[] = [],
): SplitReading {
  if (heardFalseStart.length > 0)
    return readingAfterFalseStart(model, samples, reference, heardFalseStart, levels);
  if (!restarts) return decodeOnce(model, samples, levels, reference, { restarts: false });
  const reading = decodeWholeReading(model, samples, levels, reference);
  return endedBeforeSpeechAfter(model, samples, levels, reference, reading);
}

/**
 * The reading ended before speech that follows it (speech-after.ts). Where the decode found the
 * sentence's last word in that speech, the audio before it is decoded again, and ended there
 * only if it holds the whole reading.
 */
function endedBeforeSpeechAfter(
  model: AcousticModel,
  samples: Float32Array,
  levels: Float64Array,
  reference: readonly TextWord[],
  reading: SplitReading,
): SplitReading {
  const after = speechAfter(reading, reference, levels);
  if (!after) return reading;
  if (!after.lastWordAfter) return { ...reading, endFrame: after.endFrame };
  if (reading.falseStart.length > 0) return reading;
  const head = plainReading(
    model,
    samples.subarray(0, after.endFrame * SAMPLES_PER_FRAME),
    reference,
  );
  return wholeReading(head.reading, reference) ? { ...head, endFrame: after.endFrame } : reading;
}

/**
 * Beams for decoding a Repeat Sentence reading again where the first decode lost it. With every
 * word optional, a poor reader's first words can fit the sentence's last ones better for a
 * moment; the default beams (1e-48, word beam 7e-29) then prune the paths still at the first
 * words, and the grammar, with no word left, puts the rest of the reading under silence ("she was
 * looking for a breath of life" decoded as "a life" and 3 s of silence).
 */
const LOST_READING_BEAMS: Beams = { beam: 1e-80, pbeam: 1e-80, wbeam: 1e-60 };
/**
 * Under those beams the arc's usual weight (1e-20) took the restart arc in 47 of 272 real
 * readings said once (every 4th speechocean762 reading, 8 kHz model); this weight in none.
 */
const LOST_READING_RESTART_WEIGHT = 1e-50;

/**
 * A Repeat Sentence reading, decoded again with wide beams where the first decode left speech
 * under silence, the second decode kept where it leaves less of it. Decoding every reading with
 * the wide beams moved held-out speakers' codec copies and synthetic readings (BENCHMARKS.md,
 * "Issue 19: the reading decoded with wider beams"); this way the rest decode as before.
 */
function decodeWholeReading(
  model: AcousticModel,
  samples: Float32Array,
  levels: Float64Array,
  reference: readonly TextWord[],
): SplitReading {
  const first = decodeOnce(model, samples, levels, reference, { restarts: true });
  const lost = speechUnderSilence(levels, first.decodedPath);
  if (lost < UNHEARD_SPEECH_FRAMES) return first;
  const wide = model.withBeams(LOST_READING_BEAMS, () =>
    decodeOnce(model, samples, levels, reference, {
      restarts: true,
      restartWeight: LOST_READING_RESTART_WEIGHT,
    }),
  );
  return speechUnderSilence(levels, wide.decodedPath) < lost ? wide : first;
}

function speechUnderSilence(levels: Float64Array, path: readonly DecodedSegment[]): number {
  return soundingFramesWithin(
    levels,
    path.filter((segment) => isSilence(segment.text)),
  );
}

/**
 * One grammar decode, with the words of a false start split off. Where the decoder took the
 * restart arc but the reader did not start again with the abandoned words (a misheard word
 * fitted in as a repeat), the plain reading grammar decodes the answer instead. So it does where
 * the sentence said once already accounts for the speech: the arc also splits readings said
 * once, rated fluent by the experts (BENCHMARKS.md, "a false start heard in a reading said
 * once"). A restart the plain reading accounts for is then found after its pause
 * (false-start.ts), as where the arc is not taken.
 */
function decodeOnce(
  model: AcousticModel,
  samples: Float32Array,
  levels: Float64Array,
  reference: readonly TextWord[],
  grammar: { restarts: boolean; restartWeight?: number },
): SplitReading {
  if (grammar.restarts) {
    const decodedPath = model.decodeGrammar(samples, sequenceGrammar(reference, grammar));
    const words = decodedPath.filter((segment) => !isFiller(segment.text));
    const split = splitFalseStart(words, reference);
    if (split?.falseStart.length === 0)
      return afterPause(model, samples, levels, reference, { decodedPath, ...split });
    if (split) {
      const plain = plainReading(model, samples, reference);
      return explainsTheSpeech(plain, levels, reference)
        ? afterPause(model, samples, levels, reference, plain)
        : { decodedPath, ...split };
    }
  }
  return plainReading(model, samples, reference);
}

/** A reading with no false start by the arc: a restart after a pause is looked for. */
function afterPause(
  model: AcousticModel,
  samples: Float32Array,
  levels: Float64Array,
  reference: readonly TextWord[],
  reading: SplitReading,
): SplitReading {
  return restartAfterPause(model, samples, reference, reading.decodedPath, levels) ?? reading;
}

function plainReading(
  model: AcousticModel,
  samples: Float32Array,
  reference: readonly TextWord[],
): SplitReading {
  const plain = model.decodeGrammar(samples, sequenceGrammar(reference, { restarts: false }));
  return {
    decodedPath: plain,
    falseStart: [],
    reading: plain.filter((segment) => !isFiller(segment.text)),
  };
}

/**
 * Whether the sentence said once accounts for the whole answer: every word heard, and no more
 * speech left under silence than marks a reading as lost. Then a false start the restart arc
 * found is not needed to explain the audio, and the simpler reading is kept.
 */
function explainsTheSpeech(
  plain: SplitReading,
  levels: Float64Array,
  reference: readonly TextWord[],
): boolean {
  return (
    plain.reading.length === spokenWordCount(reference) &&
    speechUnderSilence(levels, plain.decodedPath) < UNHEARD_SPEECH_FRAMES
  );
}

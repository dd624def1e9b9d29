import type { SpeechModel } from './soundswallower/adapter.js';
import { phoneWord } from './soundswallower/adapter.js';
import { readSegments, type DecodedSegment } from './soundswallower/segments.js';

/** 10 ms frames (the model's frame rate is 100 per second). */
export const FRAME_MS = 10;

/** Segments of the best path through `jsgf` for the whole utterance. */
export function decodeWithGrammar(
  model: SpeechModel,
  samples: Float32Array,
  jsgf: string,
): DecodedSegment[] {
  model.decoder.set_grammar(jsgf);
  return runDecoder(model, samples);
}

export interface AlignedPhone extends DecodedSegment {
  phone: string;
  /** Posterior probability the aligner gives the phone (0–1). */
  posterior: number;
  /** Free phone loop's score over the same frames (see phone-loop.ts); 0 until compared. */
  competitorScore: number;
  /** Share of frames where the free phone loop heard this phone. */
  agreement: number;
}

export interface PhoneAlignment {
  phones: AlignedPhone[];
  fillers: DecodedSegment[];
}

/**
 * Forced alignment of a phone sequence. Every phone is its own dictionary word, so the decoder
 * reports a start, end and acoustic score per phone rather than per word.
 */
export function alignPhones(
  model: SpeechModel,
  samples: Float32Array,
  phones: readonly string[],
): PhoneAlignment {
  if (phones.length === 0) return { phones: [], fillers: [] };
  const first = alignOnce(model, samples, phones);
  if (first.phones.length === phones.length) return first;
  return withBeams(model, WIDE_BEAMS, () => alignOnce(model, samples, phones));
}

export interface Beams {
  beam: number;
  pbeam: number;
  wbeam: number;
}

/** Beams wide enough that alignment finds a path through speech the model fits badly. */
const WIDE_BEAMS: Beams = { beam: 1e-150, pbeam: 1e-150, wbeam: 1e-150 };

/** Runs `run` with the given pruning beams, then restores the decoder's own. */
export function withBeams<T>(model: SpeechModel, beams: Beams, run: () => T): T {
  const keys = Object.keys(beams) as Array<keyof Beams>;
  const saved = keys.map((key) => model.decoder.get_config(key));
  keys.forEach((key) => model.decoder.set_config(key, beams[key]));
  try {
    return run();
  } finally {
    keys.forEach((key, index) => model.decoder.set_config(key, saved[index] ?? beams[key]));
  }
}

function alignOnce(
  model: SpeechModel,
  samples: Float32Array,
  phones: readonly string[],
): PhoneAlignment {
  model.decoder.set_align_text(phones.map(phoneWord).join(' '));
  const segments = runDecoder(model, samples);
  const posteriors = readPosteriors(model);
  const aligned: AlignedPhone[] = [];
  const fillers: DecodedSegment[] = [];
  for (const segment of segments) {
    if (!segment.text.startsWith('ph_')) {
      fillers.push(segment);
      continue;
    }
    const index = aligned.length;
    aligned.push({
      ...segment,
      phone: phones[index] ?? '',
      posterior: posteriors[index] ?? 0,
      competitorScore: 0,
      agreement: 0,
    });
  }
  return { phones: aligned, fillers };
}

function readPosteriors(model: SpeechModel): number[] {
  try {
    const result = model.decoder.get_alignment();
    return (result.w ?? [])
      .filter((segment) => segment.t.startsWith('ph_'))
      .map((segment) => segment.p);
  } catch {
    return [];
  }
}

function runDecoder(model: SpeechModel, samples: Float32Array): DecodedSegment[] {
  model.decoder.start();
  model.decoder.process_audio(samples, false, true);
  model.decoder.stop();
  return readSegments(model);
}

export function isFiller(text: string): boolean {
  return text.startsWith('<') || text.startsWith('[') || text.startsWith('+');
}

export function isSilence(text: string): boolean {
  return text === '<sil>' || text === '<s>' || text === '</s>';
}

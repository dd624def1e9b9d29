import type { AcousticModel, DecodedSegment } from './acoustic-model.js';
import { phoneWord } from './phones.js';

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
 * Beams wide enough that alignment finds a path through speech the model fits badly, and
 * through a silence the sentence's first words must be placed in when the learner began
 * later in it: at 1e-150, "the students finished their" before a second of room noise and
 * "project before the deadline" found no path, and only the decoded words were aligned, one
 * of them stretched over the silence.
 */
const WIDE_BEAMS = { beam: 1e-300, pbeam: 1e-300, wbeam: 1e-300 };

/**
 * Forced alignment of a phone sequence. Every phone is its own dictionary word, so the decoder
 * reports a start, end and acoustic score per phone rather than per word.
 */
export function alignPhones(
  model: AcousticModel,
  samples: Float32Array,
  phones: readonly string[],
): PhoneAlignment {
  if (phones.length === 0) return { phones: [], fillers: [] };
  const first = alignOnce(model, samples, phones);
  if (first.phones.length === phones.length) return first;
  return model.withBeams(WIDE_BEAMS, () => alignOnce(model, samples, phones));
}

function alignOnce(
  model: AcousticModel,
  samples: Float32Array,
  phones: readonly string[],
): PhoneAlignment {
  const { path, words } = model.align(samples, phones.map(phoneWord).join(' '));
  const posteriors = words.filter((word) => isPhoneWord(word.text)).map((word) => word.posterior);
  const aligned: AlignedPhone[] = [];
  const fillers: DecodedSegment[] = [];
  for (const segment of path) {
    if (!isPhoneWord(segment.text)) {
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

function isPhoneWord(text: string): boolean {
  return text.startsWith('ph_');
}

export function isFiller(text: string): boolean {
  return text.startsWith('<') || text.startsWith('[') || text.startsWith('+');
}

export function isSilence(text: string): boolean {
  return text === '<sil>' || text === '<s>' || text === '</s>';
}

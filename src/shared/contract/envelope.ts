import { z } from 'zod';
import { ERROR_CODES } from './errors.js';

/** Labels of `data.words[].label`; docs/api.md gives each one's meaning. */
export const WORD_LABELS = [
  'Good',
  'Average',
  'Bad',
  'Pause',
  'Missing',
  'Inserted',
  'Unclear',
] as const;
export type WordLabel = (typeof WORD_LABELS)[number];

/** `data.components[].status`: 0 scored, 1 scored with a caution in `suggestion`, 2 not scorable. */
export const COMPONENT_STATUS = { scored: 0, caution: 1, unscorable: 2 } as const;

export const Phoneme = z.object({ value: z.string(), pronunciation: z.number() });
export const Phonic = z.object({
  spell: z.string(),
  phoneme: z.array(z.string()),
  overall: z.number(),
});

export const Word = z.object({
  word: z.string(),
  label: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  pronunciation: z.number(),
  phonemes: z.array(Phoneme).nullable(),
  phonics: z.array(Phonic).nullable(),
  duration: z.number().int().nullable().optional(),
  userStress: z.null().optional(),
  /**
   * rs, a word shown as said (`Good`, `Average`, `Bad`): the evidence that it was said is weak,
   * so the examiner should listen to it before trusting it (docs/api.md, words).
   */
  unsure: z.boolean().optional(),
});

export const Component = z.object({
  name: z.string(),
  score: z.number(),
  suggestion: z.string().nullable(),
  maxScore: z.number(),
  status: z.number().int(),
  privateNotes: z.string().optional(),
});

export const ErrorObject = z.object({
  code: z.enum(ERROR_CODES as [string, ...string[]]),
  message: z.string(),
  field: z.string().nullable(),
});

/**
 * rl, di: one key point of the request (a `keywords` entry exactly as sent, or a content word of
 * `refText`) and whether the answer was heard to say it (docs/api.md, key points).
 */
export const KeyPointResult = z.object({
  text: z.string(),
  heard: z.boolean(),
  /** How sure the engine is that the point was said, 0–1. */
  confidence: z.number().min(0).max(1),
  /** Milliseconds: where it was heard; 0 and 0 when not heard. */
  start: z.number().int(),
  end: z.number().int(),
  /**
   * rl, a point heard that refText says: whether it stands in the lecture's order among the
   * points heard ("in place") or off the longest run that does ("out of place"). Absent otherwise.
   */
  order: z.enum(['in place', 'out of place']).optional(),
});

export const ResultData = z.object({
  components: z.array(Component),
  words: z.array(Word),
  error: ErrorObject.nullable(),
  transcription: z.string().optional(),
  /** rl and di only. */
  keyPoints: z.array(KeyPointResult).optional(),
});

export const Envelope = z.object({
  success: z.boolean(),
  message: z.string(),
  version: z.string().regex(/^\d+(\.\d+)*$/u, 'version must be a dotted number sequence'),
  processTime: z.number().nonnegative(),
  data: ResultData,
});

export type Phoneme = z.infer<typeof Phoneme>;
export type Phonic = z.infer<typeof Phonic>;
export type Word = z.infer<typeof Word>;
export type KeyPointResult = z.infer<typeof KeyPointResult>;
/** Where a heard point stands against the lecture's order. */
export type KeyPointOrder = NonNullable<KeyPointResult['order']>;
export type Component = z.infer<typeof Component>;
export type ErrorObject = z.infer<typeof ErrorObject>;
export type ResultData = z.infer<typeof ResultData>;
export type Envelope = z.infer<typeof Envelope>;

/**
 * A word entry with no timing or sounds: dictation words, omitted reference words and
 * pauses (spec 2.4), which carry only a label and, for a pause, its duration in ms.
 */
export function untimedWord(word: string, label: WordLabel, duration: number | null = null): Word {
  return {
    word,
    label,
    start: 0,
    end: 0,
    pronunciation: 0,
    phonemes: null,
    phonics: null,
    duration,
    userStress: null,
  };
}

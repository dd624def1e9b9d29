import { z } from 'zod';
import type { Task } from './tasks.js';

/** Section 4.5 of the spec, and the bounds of docs/api.md. */
export const MAX_REF_TEXT_WORDS = 1000;
export const MAX_KEYWORDS = 100;
export const MAX_KEYWORD_LENGTH = 100;
export const MAX_WFD_TEXT_LENGTH = 2000;
export const MAX_URL_LENGTH = 30 * 1024 * 1024;
export const DEFAULT_SCALE = 5;
/**
 * The spec allows any scale above 0; top marks are reported to 6 decimals, so a scale of 1e-9
 * made every maxScore 0. From 0.01 up, the smallest top mark (rs content, 3/5 of the scale) is
 * still 0.006: scores keep their meaning.
 */
export const MIN_SCALE = 0.01;
export const DEFAULT_PRECISION = 0.01;

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}

const audioUrl = z
  .string({ error: 'audioUrl must be a string' })
  .min(1, 'audioUrl must not be empty')
  .max(MAX_URL_LENGTH, 'audioUrl is too long');

const refText = z
  .string({ error: 'refText must be a string' })
  .refine((text) => countWords(text) > 0, 'refText must contain at least one word')
  .refine(
    (text) => countWords(text) <= MAX_REF_TEXT_WORDS,
    `refText must not exceed ${MAX_REF_TEXT_WORDS} words`,
  );

const scale = z
  .number({ error: 'scale must be a number' })
  .gte(MIN_SCALE, `scale must be at least ${MIN_SCALE}`)
  .lte(100, 'scale must be at most 100')
  .default(DEFAULT_SCALE);

const precision = z
  .number({ error: 'precision must be a number' })
  .gt(0, 'precision must be greater than 0')
  .lte(1, 'precision must be at most 1')
  .default(DEFAULT_PRECISION);

const keywords = z
  .array(z.string().max(MAX_KEYWORD_LENGTH, 'each keyword must be at most 100 characters'), {
    error: 'keywords must be an array of strings',
  })
  .max(MAX_KEYWORDS, `keywords must list at most ${MAX_KEYWORDS} entries`)
  .default([]);

export const RepeatSentenceRequest = z.object({ audioUrl, refText, scale, precision });
export const SpeakingWithKeywordsRequest = z.object({
  audioUrl,
  refText,
  scale,
  precision,
  keywords,
});
export const RetellLectureRequest = SpeakingWithKeywordsRequest;
export const DescribeImageRequest = SpeakingWithKeywordsRequest;

export const WriteFromDictationRequest = z.object({
  question: z
    .string({ error: 'question must be a string' })
    .min(1, 'question must not be empty')
    .max(MAX_URL_LENGTH, 'question is too long'),
  // The spec calls it "the list of the solution": a list of typed words is joined by spaces.
  responseUser: z
    .union([z.string(), z.array(z.string())], {
      error: 'responseUser must be a string or a list of strings',
    })
    .transform((answer) => (Array.isArray(answer) ? answer.join(' ') : answer))
    .pipe(
      z
        .string()
        .max(MAX_WFD_TEXT_LENGTH, `responseUser must be at most ${MAX_WFD_TEXT_LENGTH} characters`),
    ),
});

export type RepeatSentenceRequest = z.infer<typeof RepeatSentenceRequest>;
export type SpeakingWithKeywordsRequest = z.infer<typeof SpeakingWithKeywordsRequest>;
export type WriteFromDictationRequest = z.infer<typeof WriteFromDictationRequest>;
export type SpeakingRequest = RepeatSentenceRequest & { keywords?: string[] };

/** Each task's request schema, as its route validates it. */
export const REQUEST_SCHEMAS = {
  rs: RepeatSentenceRequest,
  rl: RetellLectureRequest,
  di: DescribeImageRequest,
  wfd: WriteFromDictationRequest,
} as const satisfies Record<Task, z.ZodType>;

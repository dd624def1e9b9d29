import { COMPONENT_STATUS } from '../../shared/contract/envelope.js';
import { keyPointCoverage } from '../../shared/key-point-content.js';
import { stemOf } from '../text/inflections.js';
import type { ComponentInput } from './components.js';
import { wordConfidence, type SpokenWord, type SpottedKeyPoint } from './key-points.js';
import { SHOWN_WORD_BAR } from './models/key-point-model.js';

export type FreeTask = 'rl' | 'di';

/** Content, and whether the answer is about the prompt at all (delivery is marked only then). */
export interface FreeContent extends ComponentInput {
  relevant: boolean;
}

/** Retell Lecture: the part of the mark for relating the points in the lecture's order. */
const ORDER_SHARE = 0.15;
/** Describe Image: the part of the mark for a conclusion or implication. */
const CONCLUSION_SHARE = 0.15;
/** Words that draw a conclusion or an implication from what an image shows. */
export const CONCLUSION_WORDS: readonly string[] =
  'overall conclusion conclude concluded summary summarise summarize therefore thus hence implies implication suggests'.split(
    ' ',
  );
/** An answer of at least this many words, half of them one word, repeats itself. */
const REPETITION_MIN_WORDS = 5;
const REPETITION_SHARE = 0.5;

const TASK_NOUN: Record<FreeTask, string> = { rl: 'lecture', di: 'image' };

/**
 * Content on the 0–1 share of its top mark (docs/engine.md, content per task): the share of
 * key points said (full at shared/key-point-content.ts FULL_MARKS_SHARE), held back a little
 * when a lecture's points come out of order or an image description draws no conclusion. Off-topic speech (no key point and no phrase of the prompt)
 * and one word said over and over get 0 and are not relevant.
 */
export function freeContent(
  task: FreeTask,
  spotted: readonly SpottedKeyPoint[],
  words: readonly SpokenWord[],
): FreeContent {
  const covered = spotted.filter((point) => point.found !== null);
  const total = spotted.length;
  if (total === 0) {
    return {
      fraction: 0,
      status: COMPONENT_STATUS.unscorable,
      suggestion: `The ${TASK_NOUN[task]} has no key points to listen for, so content could not be scored.`,
      relevant: true,
    };
  }
  const lists = keyPointLists(spotted);
  if (repeatsOneWord(words)) {
    return scored(
      0,
      `The answer repeats the same word over and over; it says nothing about the ${TASK_NOUN[task]}. ${lists}`,
      false,
    );
  }
  if (covered.length === 0 && !words.some((word) => word.followsPrompt)) {
    return scored(
      0,
      `The answer is off-topic: none of the ${TASK_NOUN[task]}'s ${total} key points were heard. ${lists}`,
      false,
    );
  }
  const coverage = keyPointCoverage(covered.length / total);
  const [bonus, note] =
    task === 'rl'
      ? [orderAgreement(spotted), 'in the lecture’s order']
      : [concludes(words) ? 1 : 0, 'with a conclusion'];
  const share = task === 'rl' ? ORDER_SHARE : CONCLUSION_SHARE;
  const fraction = coverage * (1 - share + share * bonus);
  const lead =
    coverage >= 1
      ? 'The answer covers the key points'
      : coverage >= 0.5
        ? 'The answer covers some key points'
        : 'The answer misses most key points';
  const detail =
    task === 'rl' ? orderNote(bonus) : bonus === 1 ? ` ${note}` : ', without a conclusion';
  return scored(fraction, `${lead} (${covered.length} of ${total})${detail}. ${lists}`);
}

function scored(fraction: number, suggestion: string, relevant = true): FreeContent {
  return { fraction, status: COMPONENT_STATUS.scored, suggestion: suggestion.trim(), relevant };
}

function orderNote(agreement: number): string {
  return agreement >= 1 ? '' : ', partly out of the lecture’s order';
}

/** "Covered: a, b. Missed: c." (either part left out when empty). */
export function keyPointLists(spotted: readonly SpottedKeyPoint[]): string {
  const names = (found: boolean): string[] =>
    spotted
      .filter((point) => (point.found !== null) === found)
      .map((point) => point.keyPoint.display);
  const covered = names(true);
  const missed = names(false);
  return [
    covered.length > 0 ? `Covered: ${covered.join(', ')}.` : '',
    missed.length > 0 ? `Missed: ${missed.join(', ')}.` : '',
  ]
    .filter((part) => part !== '')
    .join(' ');
}

/**
 * Share of consecutive key points said (in time order) that follow the lecture's order: the
 * order refText says them in. Points the lecture does not say take no part.
 */
export function orderAgreement(spotted: readonly SpottedKeyPoint[]): number {
  const said = spotted
    .map((point) => ({ place: point.keyPoint.lecturePlace, at: point.found?.startMs }))
    .filter(
      (point): point is { place: number; at: number } =>
        point.place !== null && point.at !== undefined,
    )
    .sort((a, b) => a.at - b.at);
  if (said.length < 2) return 1;
  const inOrder = said.slice(1).filter((point, index) => point.place >= said[index]!.place).length;
  return inOrder / (said.length - 1);
}

function repeatsOneWord(words: readonly SpokenWord[]): boolean {
  const counts = new Map<string, number>();
  for (const word of words) {
    const stem = stemOf(word.spoken);
    counts.set(stem, (counts.get(stem) ?? 0) + 1);
  }
  const most = Math.max(0, ...counts.values());
  return words.length >= REPETITION_MIN_WORDS && most >= REPETITION_SHARE * words.length;
}

/** A conclusion word heard as surely as a shown word of the transcript. */
function concludes(words: readonly SpokenWord[]): boolean {
  return words.some(
    (word) => CONCLUSION_WORDS.includes(word.spoken) && wordConfidence(word) >= SHOWN_WORD_BAR,
  );
}

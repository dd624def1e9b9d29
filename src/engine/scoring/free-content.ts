import { COMPONENT_STATUS } from '../../shared/contract/envelope.js';
import { keyPointCoverage, orderKept } from '../../shared/key-point-content.js';
import { stemOf } from '../text/inflections.js';
import type { ComponentInput } from './components.js';
import type { KeyPoint, SpokenWord, SpottedKeyPoint } from './key-points.js';

export type FreeTask = 'rl' | 'di';

/**
 * Content, whether the answer is about the prompt at all (delivery is marked only then), and,
 * in rl, how the points heard follow the lecture's order.
 */
export interface FreeContent extends ComponentInput {
  relevant: boolean;
  order: LectureOrder | null;
}

/** Describe Image: the part of the mark for a conclusion or implication. */
const CONCLUSION_SHARE = 0.15;
/** Words that draw a conclusion or an implication from what an image shows. */
export const CONCLUSION_WORDS: readonly string[] =
  'overall conclusion conclude concluded summary summarise summarize therefore thus hence implies implication suggests'.split(
    ' ',
  );
/** An answer of at least this many words heard, half of them one word, repeats itself… */
const REPETITION_MIN_WORDS = 5;
const REPETITION_SHARE = 0.5;
/**
 * …where the words heard span this share of its speech: the spotter often names only part of
 * a long word said again and again ("cut" in "satellites"), and hears a short key word here and
 * there in a retelling whose speech it cannot name.
 */
const REPETITION_SPAN = 1 / 3;

const TASK_NOUN: Record<FreeTask, string> = { rl: 'lecture', di: 'image' };

/** What was heard of the answer, as content weighs it. */
export interface HeardSpeech {
  /** Every word heard, with its evidence. */
  words: readonly SpokenWord[];
  /** The words of those the examiner is shown. */
  shown: readonly SpokenWord[];
  /** How long the answer's phrases last. */
  speechMs: number;
}

/**
 * Content on the 0–1 share of its top mark (docs/engine.md, content per task): the share of
 * key points said (full at shared/key-point-content.ts FULL_MARKS_SHARE), held back a little
 * when a lecture's points come out of order or an image description draws no conclusion (a
 * conclusion word shown). Off-topic speech (no key point and no phrase of the prompt) and one
 * word said over and over get 0 and are not relevant.
 */
export function freeContent(
  task: FreeTask,
  spotted: readonly SpottedKeyPoint[],
  { words, shown, speechMs }: HeardSpeech,
): FreeContent {
  const covered = spotted.filter((point) => point.found !== null);
  const total = spotted.length;
  if (total === 0) {
    return {
      fraction: 0,
      status: COMPONENT_STATUS.unscorable,
      suggestion: `The ${TASK_NOUN[task]} has no key points to listen for, so content could not be scored.`,
      relevant: true,
      order: null,
    };
  }
  const lists = keyPointLists(spotted);
  if (repeatsOneWord(words, speechMs)) {
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
  const order = task === 'rl' ? lectureOrder(spotted) : null;
  const conclusion = task === 'di' && shown.some((word) => CONCLUSION_WORDS.includes(word.spoken));
  const kept = order
    ? orderKept(order.inPlace.length, order.inPlace.length + order.outOfPlace.length)
    : conclusion
      ? 1
      : 1 - CONCLUSION_SHARE;
  const fraction = coverage * kept;
  const lead =
    coverage >= 1
      ? 'The answer covers the key points'
      : coverage >= 0.5
        ? 'The answer covers some key points'
        : 'The answer misses most key points';
  const detail = order
    ? orderNote(order)
    : conclusion
      ? ' with a conclusion'
      : ', without a conclusion';
  return {
    ...scored(fraction, `${lead} (${covered.length} of ${total})${detail}. ${lists}`),
    order,
  };
}

function scored(fraction: number, suggestion: string, relevant = true): FreeContent {
  return {
    fraction,
    status: COMPONENT_STATUS.scored,
    suggestion: suggestion.trim(),
    relevant,
    order: null,
  };
}

function orderNote({ outOfPlace }: LectureOrder): string {
  if (outOfPlace.length === 0) return '';
  const names = outOfPlace.map((point) => point.display).join(', ');
  return `, partly out of the lecture’s order (out of place: ${names})`;
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

/** How a retelling follows the lecture's order: the points heard in and out of place. */
export interface LectureOrder {
  inPlace: KeyPoint[];
  outOfPlace: KeyPoint[];
}

/**
 * The longest run of the key points said (in time order) that follows the lecture's order,
 * the order refText says them in; the points off it are out of place, and each costs one step
 * (orderKept). Unlike counting consecutive pairs in order, this names the points to listen to,
 * and does not credit two halves of a retelling told in swapped blocks as mostly in order. A
 * point the lecture says more than once may stand at any of its places: a retelling in order
 * that names "Tina" where the lecture comes back to her is not out of order. Points the
 * lecture does not say take no part.
 */
export function lectureOrder(spotted: readonly SpottedKeyPoint[]): LectureOrder {
  const said = spotted
    .filter((point) => point.found !== null && point.keyPoint.lecturePlaces.length > 0)
    .sort((a, b) => a.found!.startMs - b.found!.startMs);
  if (said.length < 2) return { inPlace: said.map((point) => point.keyPoint), outOfPlace: [] };
  const end = longestRun(said.map((point) => point.keyPoint.lecturePlaces));
  const onRun = new Set<number>();
  for (let step: Run | null = end; step; step = step.previous) onRun.add(step.point);
  const placed = (on: boolean): KeyPoint[] =>
    said.filter((_, index) => onRun.has(index) === on).map((point) => point.keyPoint);
  return { inPlace: placed(true), outOfPlace: placed(false) };
}

interface Run {
  point: number;
  place: number;
  length: number;
  previous: Run | null;
}

/** The longest in-order run over the points, each standing at one of its places; the first found of the longest. */
function longestRun(places: readonly number[][]): Run {
  const runs: Run[] = [];
  const longest = (candidates: readonly Run[]): Run | null =>
    candidates.reduce<Run | null>(
      (best, run) => (best && best.length >= run.length ? best : run),
      null,
    );
  places.forEach((own, point) => {
    const ending = own.map((place): Run => {
      const previous = longest(runs.filter((run) => run.place <= place));
      return { point, place, length: (previous?.length ?? 0) + 1, previous };
    });
    runs.push(...ending);
  });
  return longest(runs)!;
}

/**
 * Half of five or more words heard are one word, and the words heard span a good part of the
 * speech. A short key word the spotter hears again and again inside speech it cannot name
 * ("see" in seven places of a 30 s retelling) is no repetition of the candidate's.
 */
function repeatsOneWord(words: readonly SpokenWord[], speechMs: number): boolean {
  const counts = new Map<string, number>();
  for (const word of words) {
    const stem = stemOf(word.spoken);
    counts.set(stem, (counts.get(stem) ?? 0) + 1);
  }
  const most = Math.max(0, ...counts.values());
  const spanMs = words.reduce((sum, word) => sum + word.endMs - word.startMs, 0);
  return (
    words.length >= REPETITION_MIN_WORDS &&
    most >= REPETITION_SHARE * words.length &&
    spanMs >= REPETITION_SPAN * speechMs
  );
}

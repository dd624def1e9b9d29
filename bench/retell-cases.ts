/**
 * Retell Lecture cases that look like the exam, built from speechocean762 (Zhang et al.,
 * Interspeech 2021, CC BY 4.0). A "lecture" is 4–15 corpus sentences; the examiner's keywords
 * are 3–40 of its content words and two-word phrases, written as an examiner writes them
 * (lower case, apostrophes kept, numbers in digits). The answer is ONE speaker's recordings of
 * a share of the lecture's sentences (in the lecture's order or shuffled), with their
 * recordings of other sentences (unrelated speech) and hesitations between, 0.3–1 s apart. A
 * key point is truly said when the joined recordings' texts contain it (`says`).
 *
 * speechocean762 here holds at most 12 recordings per speaker (median 6): a lecture of 12 or
 * 15 sentences can be retold only as far as its speaker's recordings and the 40 s answer
 * reach, so each case records the share it really says (`saidSentences`).
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { decodeAudio } from '../src/engine/audio/decode.js';
import { sameStem, stemOf } from '../src/engine/text/inflections.js';
import { isGenericWord } from '../src/engine/text/vocabulary.js';
import { tokenize } from '../src/engine/text/words.js';
import { seededRandom, shuffled } from '../scripts/seeded-random.js';
import { gaussian, synthesizeSpeech } from '../test/helpers/speech-fixtures.js';
import { SO762_DIR, speakerOf, type Label } from './so762-corpus.js';

const RATE = 16000;

/** Something with the dictionary words that say it, in order. */
export interface SaidWords {
  words: readonly string[];
}

/** Does `text` contain the words one after another, in any regular inflection. */
export function says(text: string, point: SaidWords): boolean {
  const words = tokenize(text).flatMap((word) => word.spoken);
  return words.some((_, start) =>
    point.words.every((part, offset) => {
      const word = words[start + offset];
      return word !== undefined && sameStem(word, part);
    }),
  );
}

export type PartKind = 'lecture' | 'unrelated' | 'hesitation';

/** One piece of the answer: a corpus recording (`labelId`) or a synthetic hesitation. */
export interface AnswerPart {
  kind: PartKind;
  /** The recording's id, or the hesitation spoken ("um", "uh"). */
  source: string;
  /** What the piece says ('' for a hesitation: it says no word of any text). */
  text: string;
}

export type AnswerOrder = 'in order' | 'shuffled';

/** One answer: the same audio may be scored against several keyword lists (`ExamRetellCase`). */
export interface ExamAnswer {
  id: string;
  speaker: string;
  /** The lecture's sentences, as read aloud to the candidate. */
  lecture: string;
  lectureSentences: number;
  /** The share of the lecture the case asked for, and the sentences the answer really says. */
  targetShare: number;
  saidSentences: number;
  order: AnswerOrder;
  parts: AnswerPart[];
  gapsSeconds: number[];
  /** From the recordings' lengths, before joining. */
  seconds: number;
}

/** One request: an answer and one examiner's keyword list. */
export interface ExamRetellCase {
  id: string;
  answer: ExamAnswer;
  keywords: string[];
  /** Per keyword: do the answer's texts say it. */
  said: boolean[];
}

export interface ExamOptions {
  lectureLengths: readonly number[];
  shares: readonly number[];
  orders: readonly AnswerOrder[];
  /** Answers per lecture length × share × order. */
  answersPerCell: number;
  /** List sizes tried; each answer gets `listsPerAnswer` of those its lecture can fill. */
  listSizes: readonly number[];
  listsPerAnswer: number;
  maxAnswerSeconds: number;
  seed: number;
  /** A recording's length (default: from its WAV file's size). */
  seconds?: (labelId: string) => number;
}

export const EXAM_OPTIONS: ExamOptions = {
  lectureLengths: [4, 8, 12, 15],
  shares: [0, 0.25, 0.5, 0.75, 1],
  orders: ['in order', 'shuffled'],
  answersPerCell: 4,
  listSizes: [3, 5, 8, 12, 16, 20, 25, 30, 35, 40],
  listsPerAnswer: 2,
  maxAnswerSeconds: 40,
  seed: 20,
};

export const HESITATION_SOUNDS = ['um', 'uh'] as const;
/** How espeak-ng is asked to say each, drawn out as a hesitation is. */
const HESITATION_SPELLING: Record<string, string> = { um: 'ummm', uh: 'uhhh' };
/** A hesitation's length as synthesized (for the answer's length before it is joined). */
const HESITATION_SECONDS = 0.7;
const GAP_SECONDS = { min: 0.3, max: 1 };

/** A corpus text (upper case) written as a lecture's sentence, its own end mark kept. */
export function sentence(text: string): string {
  const trimmed = text.trim();
  const end = /[!?]$/u.test(trimmed) ? trimmed.slice(-1) : '.';
  const body = trimmed
    .replace(/[.!?]$/u, '')
    .toLowerCase()
    .replace(/\bi\b/gu, 'I');
  return `${body.charAt(0).toUpperCase()}${body.slice(1)}${end}`;
}

function wavSeconds(labelId: string): number {
  return (statSync(join(SO762_DIR, 'audio', `${labelId}.wav`)).size - 44) / (2 * RATE);
}

const DIGITS = new Map(
  'one two three four five six seven eight nine ten eleven twelve'
    .split(' ')
    .map((word, index) => [word, String(index + 1)]),
);

/** A word as an examiner writes it: lower case, apostrophes kept, a number in digits. */
function written(display: string): string {
  const lower = display.toLowerCase();
  return DIGITS.get(lower) ?? lower;
}

/** A function word, alone or shortened with one ("it's", "let's"): never an examiner's keyword. */
function isBareWord(spoken: string): boolean {
  const base = spoken.split("'")[0]!;
  return isGenericWord(spoken) || isGenericWord(base) || base === 'let';
}

interface Candidate {
  keyword: string;
  stems: string[];
  first: number;
}

/**
 * What an examiner might list for a lecture: its content words (numbers included), one per
 * stem, and two-word phrases of adjacent content words in one sentence ("billy's foot").
 */
function candidates(sentences: readonly string[]): { words: Candidate[]; phrases: Candidate[] } {
  const words = new Map<string, Candidate>();
  const phrases = new Map<string, Candidate>();
  let at = 0;
  for (const text of sentences) {
    const start = at;
    const content = tokenize(text).map((word) => {
      at += 1;
      const keep = DIGITS.has(word.display.toLowerCase()) || !word.spoken.every(isBareWord);
      return keep
        ? { keyword: written(word.display), stem: word.spoken.map(stemOf).join(' ') }
        : null;
    });
    content.forEach((word, index) => {
      if (!word) return;
      if (!words.has(word.stem)) {
        words.set(word.stem, { keyword: word.keyword, stems: [word.stem], first: start + index });
      }
      const following = content[index + 1];
      const key = following ? `${word.stem} ${following.stem}` : '';
      if (following && !phrases.has(key)) {
        phrases.set(key, {
          keyword: `${word.keyword} ${following.keyword}`,
          stems: [word.stem, following.stem],
          first: start + index,
        });
      }
    });
  }
  return { words: [...words.values()], phrases: [...phrases.values()] };
}

/** The largest keyword list `examinerKeywords` can write for these sentences. */
export function maxListSize(sentences: readonly string[]): number {
  return candidates(sentences).words.length;
}

/**
 * `size` keywords an examiner might write, in the lecture's order: about a quarter two-word
 * phrases, the rest single words, never a word twice.
 */
export function examinerKeywords(
  sentences: readonly string[],
  size: number,
  next: () => number,
): string[] {
  const pool = candidates(sentences);
  const chosen: Candidate[] = [];
  const used = new Set<string>();
  const phraseCount = Math.min(pool.phrases.length, Math.round(size / 4));
  for (const phrase of shuffled(pool.phrases, next)) {
    if (chosen.length >= phraseCount) break;
    if (phrase.stems.some((stem) => used.has(stem))) continue;
    chosen.push(phrase);
    phrase.stems.forEach((stem) => used.add(stem));
  }
  for (const word of shuffled(pool.words, next)) {
    if (chosen.length >= size) break;
    if (used.has(word.stems[0]!)) continue;
    chosen.push(word);
    used.add(word.stems[0]!);
  }
  return chosen.sort((a, b) => a.first - b.first).map((candidate) => candidate.keyword);
}

function byKind(kind: PartKind, label: Label): AnswerPart {
  return { kind, source: label.id, text: label.text };
}

interface Speakers {
  labels: Map<string, Label[]>;
  uses: Map<string, number>;
}

/** The least used speaker with at least `recordings` recordings (else the one with the most). */
function pickSpeaker(speakers: Speakers, recordings: number, next: () => number): string {
  const all = shuffled([...speakers.labels.keys()].sort(), next);
  const able = all.filter((speaker) => speakers.labels.get(speaker)!.length >= recordings);
  const pool =
    able.length > 0
      ? able
      : [
          all.reduce((best, speaker) =>
            speakers.labels.get(speaker)!.length > speakers.labels.get(best)!.length
              ? speaker
              : best,
          ),
        ];
  const chosen = pool.reduce((best, speaker) =>
    speakers.uses.get(speaker)! < speakers.uses.get(best)! ? speaker : best,
  );
  speakers.uses.set(chosen, speakers.uses.get(chosen)! + 1);
  return chosen;
}

function answerFor(
  labels: readonly Label[],
  speakers: Speakers,
  spec: { length: number; share: number; order: AnswerOrder; index: number },
  options: ExamOptions,
  next: () => number,
): ExamAnswer {
  const seconds = options.seconds ?? wavSeconds;
  const target = Math.round(spec.share * spec.length);
  const unrelatedWanted = spec.share === 0 ? 1 + Math.floor(next() * 2) : Math.floor(next() * 2);
  const speaker = pickSpeaker(speakers, target + unrelatedWanted, next);
  // Short recordings first when the answer would pass the exam's 40 s.
  const own = shuffled(speakers.labels.get(speaker)!, next);
  const budget = (parts: readonly Label[]): number =>
    parts.reduce((sum, label) => sum + seconds(label.id) + GAP_SECONDS.max, 0) +
    2 * HESITATION_SECONDS;
  let said = own.slice(0, Math.min(target, own.length));
  if (budget(said) > options.maxAnswerSeconds) {
    said = [...own].sort((a, b) => seconds(a.id) - seconds(b.id)).slice(0, said.length);
    while (said.length > 0 && budget(said) > options.maxAnswerSeconds) said = said.slice(0, -1);
  }
  const rest = own.filter((label) => !said.includes(label));
  const unrelated: Label[] = [];
  for (const label of rest) {
    if (unrelated.length >= unrelatedWanted) break;
    if (budget([...said, ...unrelated, label]) <= options.maxAnswerSeconds) unrelated.push(label);
  }
  const fillers = shuffled(
    labels.filter((label) => speakerOf(label.id) !== speaker),
    next,
  ).slice(0, spec.length - said.length);
  const lectureLabels = shuffled([...said, ...fillers], next);
  const spoken =
    spec.order === 'in order'
      ? lectureLabels.filter((label) => said.includes(label))
      : shuffled(said, next);
  const parts: AnswerPart[] = spoken.map((label) => byKind('lecture', label));
  for (const label of unrelated) {
    parts.splice(Math.floor(next() * (parts.length + 1)), 0, byKind('unrelated', label));
  }
  const hesitations = Math.floor(next() * 3);
  for (let count = 0; count < hesitations; count += 1) {
    const sound = HESITATION_SOUNDS[Math.floor(next() * HESITATION_SOUNDS.length)]!;
    parts.splice(Math.floor(next() * (parts.length + 1)), 0, {
      kind: 'hesitation',
      source: sound,
      text: '',
    });
  }
  const gapsSeconds = parts
    .slice(1)
    .map(() => GAP_SECONDS.min + (GAP_SECONDS.max - GAP_SECONDS.min) * next());
  const speech = parts.reduce(
    (sum, part) => sum + (part.kind === 'hesitation' ? HESITATION_SECONDS : seconds(part.source)),
    0,
  );
  const share = Math.round(spec.share * 100);
  return {
    id: `exam:L${spec.length}:s${share}:${spec.order === 'in order' ? 'o' : 'x'}:${spec.index}:${speaker}`,
    speaker,
    lecture: lectureLabels.map((label) => sentence(label.text)).join(' '),
    lectureSentences: spec.length,
    targetShare: spec.share,
    saidSentences: said.length,
    order: spec.order,
    parts,
    gapsSeconds,
    seconds: speech + gapsSeconds.reduce((sum, gap) => sum + gap, 0),
  };
}

/** A short hash of what a request is made of: a changed case never reuses a cached score. */
function digest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 8);
}

/** The answer's recordings' texts joined: what it truly says. */
export function saidText(answer: ExamAnswer): string {
  return answer.parts.map((part) => part.text).join(' ');
}

/**
 * The dictionary words of the part of the answer playing `ms` into its audio (in a gap, of the
 * part nearest): what a word shown there may truly be.
 */
export function wordsSaidAt(answer: ExamAnswer, spans: readonly PartSpan[], ms: number): string[] {
  const at = (ms / 1000) * RATE;
  const distance = ({ start, end }: PartSpan): number => Math.max(0, start - at, at - end);
  const nearest = spans.reduce(
    (best, span, index) => (distance(span) < distance(spans[best]!) ? index : best),
    0,
  );
  return tokenize(answer.parts[nearest]?.text ?? '').flatMap((word) => word.spoken);
}

/** The answer's lecture, one sentence per entry. */
export function lectureSentencesOf(answer: ExamAnswer): string[] {
  return answer.lecture.split(/(?<=[.!?])\s+/u);
}

/**
 * Every lecture length × share × order, `answersPerCell` answers each, each scored against
 * `listsPerAnswer` keyword lists of sizes its lecture can fill (rotating over the sizes so
 * every size meets every lecture length it fits).
 */
export function buildExamRetellCases(
  labels: readonly Label[],
  options: ExamOptions = EXAM_OPTIONS,
): ExamRetellCase[] {
  const bySpeaker = new Map<string, Label[]>();
  for (const label of labels) {
    const speaker = speakerOf(label.id);
    bySpeaker.set(speaker, [...(bySpeaker.get(speaker) ?? []), label]);
  }
  const speakers: Speakers = {
    labels: bySpeaker,
    uses: new Map([...bySpeaker.keys()].map((speaker) => [speaker, 0])),
  };
  const next = seededRandom(options.seed);
  const cases: ExamRetellCase[] = [];
  let rotation = 0;
  for (const length of options.lectureLengths) {
    for (const share of options.shares) {
      for (const order of options.orders) {
        for (let index = 0; index < options.answersPerCell; index += 1) {
          const answer = answerFor(
            labels,
            speakers,
            { length, share, order, index },
            options,
            next,
          );
          const sentences = lectureSentencesOf(answer);
          const sizes = options.listSizes.filter((size) => size <= maxListSize(sentences));
          for (let list = 0; list < options.listsPerAnswer && sizes.length > 0; list += 1) {
            const size = sizes[(rotation + list * Math.ceil(sizes.length / 2)) % sizes.length]!;
            const keywords = examinerKeywords(sentences, size, next);
            const truth = saidText(answer);
            cases.push({
              id: `${answer.id}:k${size}:${digest([answer, keywords])}`,
              answer,
              keywords,
              said: keywords.map((keyword) =>
                says(truth, { words: tokenize(keyword).flatMap((word) => word.spoken) }),
              ),
            });
          }
          rotation += 1;
        }
      }
    }
  }
  return cases;
}

export async function recording(labelId: string): Promise<Float32Array> {
  const bytes = readFileSync(join(SO762_DIR, 'audio', `${labelId}.wav`));
  return (await decodeAudio(new Uint8Array(bytes))).samples;
}

/** A hesitation spoken by espeak-ng, drawn out (the corpus is read speech: it has none). */
async function hesitation(sound: string): Promise<Float32Array> {
  const bytes = await synthesizeSpeech(HESITATION_SPELLING[sound] ?? sound, { speed: 0.9 });
  return (await decodeAudio(bytes)).samples;
}

export async function partAudio(part: AnswerPart): Promise<Float32Array> {
  return part.kind === 'hesitation' ? hesitation(part.source) : recording(part.source);
}

function gapSamples(seconds: number): number {
  return Math.round(seconds * RATE);
}

/** The parts one after another, with the room's faint noise in the pauses between them. */
export function joined(
  parts: readonly Float32Array[],
  gapsSeconds: readonly number[],
  seed: number,
): Float32Array {
  const next = seededRandom(seed);
  const gaps = gapsSeconds.map((seconds) =>
    Float32Array.from({ length: gapSamples(seconds) }, () => 0.001 * gaussian(next)),
  );
  const total =
    parts.reduce((sum, part) => sum + part.length, 0) +
    gaps.reduce((sum, gap) => sum + gap.length, 0);
  const out = new Float32Array(total);
  let at = 0;
  parts.forEach((part, index) => {
    out.set(part, at);
    at += part.length;
    const gap = gaps[index];
    if (gap) {
      out.set(gap, at);
      at += gap.length;
    }
  });
  return out;
}

/** The answer's audio: its parts joined with their gaps (the same samples for every list). */
export async function answerSamples(answer: ExamAnswer): Promise<Float32Array> {
  return (await answerAudio(answer)).samples;
}

/** Where a part of the answer lies in its audio, in samples. */
export interface PartSpan {
  start: number;
  end: number;
}

/** The answer's audio, and the samples each of its parts spans in it. */
export async function answerAudio(answer: ExamAnswer): Promise<{
  samples: Float32Array;
  spans: PartSpan[];
}> {
  const audio: Float32Array[] = [];
  for (const part of answer.parts) audio.push(await partAudio(part));
  let at = 0;
  const spans = audio.map((part, index) => {
    const span = { start: at, end: at + part.length };
    at = span.end + gapSamples(answer.gapsSeconds[index] ?? 0);
    return span;
  });
  return { samples: joined(audio, answer.gapsSeconds, answer.parts.length), spans };
}

/**
 * A runtime answer of about `seconds`: speechocean762 recordings from `index × 97` on (several
 * speakers' when one has too few), joined 0.5 s apart, with their texts as the lecture.
 */
export async function runtimeAnswer(
  labels: readonly Label[],
  index: number,
  seconds: number,
): Promise<{ samples: Float32Array; texts: string[] }> {
  const parts: Float32Array[] = [];
  const texts: string[] = [];
  for (
    let at = index * 97;
    parts.reduce((sum, part) => sum + part.length, 0) < (seconds - 5) * RATE;
    at += 1
  ) {
    const label = labels[at % labels.length]!;
    parts.push(await recording(label.id));
    texts.push(`${label.text.toLowerCase()}.`);
  }
  const samples = joined(
    parts,
    parts.slice(1).map(() => 0.5),
    index,
  );
  return { samples, texts };
}

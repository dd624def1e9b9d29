/**
 * Retell cases built from speechocean762 (Zhang et al., Interspeech 2021, CC BY 4.0): a
 * "lecture" is a paragraph of corpus sentences, four recorded by the speaker and two by others;
 * the "answer" joins the speaker's recordings of some of those sentences with recordings of
 * theirs the lecture does not contain, with short pauses between. So the key points truly
 * spoken are known: those whose words the joined recordings' texts contain.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeAudio } from '../src/engine/audio/decode.js';
import { keyPointsFor, type KeyPoint } from '../src/engine/scoring/key-points.js';
import { sameStem } from '../src/engine/text/inflections.js';
import { tokenize } from '../src/engine/text/words.js';
import { gaussian, seededRandom } from '../test/helpers/speech-fixtures.js';
import { SO762_DIR, speakerOf, type Label } from './so762-corpus.js';

const RATE = 16000;

export interface RetellCase {
  id: string;
  speaker: string;
  lecture: string;
  /** The recordings joined, in order; `inLecture` says which are sentences of the lecture. */
  parts: Array<{ labelId: string; text: string; inLecture: boolean }>;
  gapsSeconds: number[];
  keyPoints: KeyPoint[];
  /** Per key point: do the joined recordings' texts say it. */
  spoken: boolean[];
}

function sentence(text: string): string {
  const lower = text.toLowerCase();
  return `${lower.charAt(0).toUpperCase()}${lower.slice(1)}.`;
}

/** Does `text` contain the key point's words, one after another, in any regular inflection. */
export function says(text: string, keyPoint: KeyPoint): boolean {
  const words = tokenize(text).flatMap((word) => word.spoken);
  return words.some((_, start) =>
    keyPoint.words.every((part, offset) => {
      const word = words[start + offset];
      return word !== undefined && sameStem(word, part);
    }),
  );
}

function shuffled<T>(items: readonly T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * One case per speaker with at least five recordings: the answer says 0–4 of the lecture's
 * own sentences (cycling over speakers) and 0–2 unrelated ones, never nothing at all.
 */
export function buildRetellCases(labels: readonly Label[]): RetellCase[] {
  const bySpeaker = new Map<string, Label[]>();
  for (const label of labels) {
    const speaker = speakerOf(label.id);
    bySpeaker.set(speaker, [...(bySpeaker.get(speaker) ?? []), label]);
  }
  const speakers = [...bySpeaker.keys()]
    .sort()
    .filter((speaker) => bySpeaker.get(speaker)!.length >= 5);
  return speakers.map((speaker, index) => {
    const next = seededRandom(index + 1);
    const own = shuffled(bySpeaker.get(speaker)!, next);
    const lectureOwn = own.slice(0, 4);
    const unrelated = own.slice(4, 6);
    const others = [0, 1].map(
      (offset) => labels[(index * 37 + offset * 101 + 11) % labels.length]!,
    );
    const lecture = [
      lectureOwn[0]!,
      others[0]!,
      lectureOwn[1]!,
      lectureOwn[2]!,
      others[1]!,
      lectureOwn[3]!,
    ]
      .map((label) => sentence(label.text))
      .join(' ');
    const saidCount = index % 5;
    const unrelatedCount = saidCount === 0 ? 1 + (index % 2) : index % 3;
    const parts = shuffled(
      [
        ...lectureOwn
          .slice(0, saidCount)
          .map((label) => ({ labelId: label.id, text: label.text, inLecture: true })),
        ...unrelated
          .slice(0, unrelatedCount)
          .map((label) => ({ labelId: label.id, text: label.text, inLecture: false })),
      ],
      next,
    );
    const keyPoints = keyPointsFor(lecture, undefined);
    const said = parts.map((part) => part.text).join(' ');
    return {
      id: `retell:${speaker}`,
      speaker,
      lecture,
      parts,
      gapsSeconds: parts.slice(1).map(() => 0.35 + 0.45 * next()),
      keyPoints,
      spoken: keyPoints.map((keyPoint) => says(said, keyPoint)),
    };
  });
}

export async function recording(labelId: string): Promise<Float32Array> {
  const bytes = readFileSync(join(SO762_DIR, 'audio', `${labelId}.wav`));
  return (await decodeAudio(new Uint8Array(bytes))).samples;
}

/** The parts one after another, with the room's faint noise in the pauses between them. */
export function joined(
  parts: readonly Float32Array[],
  gapsSeconds: readonly number[],
  seed: number,
): Float32Array {
  const next = seededRandom(seed);
  const gaps = gapsSeconds.map((seconds) =>
    Float32Array.from({ length: Math.round(seconds * RATE) }, () => 0.001 * gaussian(next)),
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

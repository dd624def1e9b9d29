import { editDistance, misspellingTolerance } from './edit-distance.js';
import { wordKey, type Token } from './tokens.js';

export type WordOutcome =
  { kind: 'correct' } | { kind: 'misspelled'; written: string } | { kind: 'missed' };

export interface MatchResult {
  outcomes: WordOutcome[];
  /** Answer words that no reference word used (not penalised, reported in the notes). */
  extras: string[];
}

interface AnswerPart {
  key: string;
  display: string;
  token: number;
  used: boolean;
}

/** Adjacent unused answer parts from `start` that spell `key` together, or null. */
function runAt(parts: AnswerPart[], start: number, key: string): AnswerPart[] | null {
  let end = start;
  let length = 0;
  while (length < key.length && end < parts.length) {
    const part = parts[end] as AnswerPart;
    if (part.used || !key.startsWith(part.key, length)) return null;
    length += part.key.length;
    end++;
  }
  return length === key.length && end > start ? parts.slice(start, end) : null;
}

/** A whole answer word first, so a compound is only assembled from pieces when needed. */
function findExact(parts: AnswerPart[], key: string): AnswerPart[] | null {
  const single = parts.find((part) => !part.used && part.key === key);
  if (single) return [single];
  for (let start = 0; start < parts.length; start++) {
    const run = runAt(parts, start, key);
    if (run) return run;
  }
  return null;
}

function findMisspelling(parts: AnswerPart[], key: string): AnswerPart | null {
  let best: AnswerPart | null = null;
  let bestDistance = misspellingTolerance(key.length) + 1;
  for (const part of parts) {
    if (part.used || Math.abs(part.key.length - key.length) >= bestDistance) continue;
    const distance = editDistance(part.key, key);
    if (distance < bestDistance && distance < Math.max(part.key.length, key.length)) {
      best = part;
      bestDistance = distance;
    }
  }
  return best;
}

function flatten(answer: Token[]): AnswerPart[] {
  return answer.flatMap((token, index) =>
    token.parts.map((part) => ({ ...part, token: index, used: false })),
  );
}

/** Answer words none of whose pieces were used. */
function extrasOf(parts: AnswerPart[], answer: Token[]): string[] {
  const usedTokens = new Set(parts.filter((part) => part.used).map((part) => part.token));
  return answer.filter((_, index) => !usedTokens.has(index)).map((token) => token.display);
}

/**
 * Order-free matching: each reference word is found in the answer at most once, and each
 * answer word serves at most one reference word. Exact matches are settled before any
 * near miss, so a misspelling never takes the word another reference word needed.
 */
export function matchAnswer(reference: Token[], answer: Token[]): MatchResult {
  const parts = flatten(answer);
  const outcomes: WordOutcome[] = reference.map((token) => {
    const run = findExact(parts, wordKey(token));
    run?.forEach((part) => (part.used = true));
    return run ? { kind: 'correct' } : { kind: 'missed' };
  });
  reference.forEach((token, index) => {
    if (outcomes[index]?.kind !== 'missed') return;
    const near = findMisspelling(parts, wordKey(token));
    if (!near) return;
    near.used = true;
    outcomes[index] = { kind: 'misspelled', written: near.display };
  });
  return { outcomes, extras: extrasOf(parts, answer) };
}

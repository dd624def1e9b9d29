import type { MatchResult, WordOutcome } from './outcome.js';
import { wordKey, type Token } from './tokens.js';

const quoted = (word: string): string => `"${word}"`;
const LISTED_IN_SUGGESTION = 3;
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth'];

/** A reference word as the notes name it: `"the"`, or `the second "the"` when it repeats. */
type Namer = (word: number, span?: number) => string;

function namerFor(reference: Token[]): Namer {
  const keys = reference.map(wordKey);
  const seen = new Map<string, number>();
  const positions = keys.map((key) => {
    const position = seen.get(key) ?? 0;
    seen.set(key, position + 1);
    return position;
  });
  return (word, span = 1) => {
    const words = reference.slice(word, word + span).map((token) => token.display);
    const text = quoted(words.join(' '));
    if (span > 1 || seen.get(keys[word]!)! < 2) return text;
    const position = positions[word]!;
    return `the ${ORDINALS[position] ?? `${position + 1}th`} ${text}`;
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function apostropheNote(written: string, expected: string): string {
  const count = (text: string) => text.split("'").length;
  if (count(written) < count(expected)) return 'apostrophe missing';
  return count(written) > count(expected) ? 'apostrophe added' : 'apostrophe misplaced';
}

/** Sections for the other forms of a word, in the exam's terms. */
const FORM_SECTIONS = {
  expanded: 'contraction written out',
  contracted: 'contracted',
  split: 'written apart',
  joined: 'written as one word',
} as const;

function nearMissSection(outcome: Extract<WordOutcome, { kind: 'nearMiss' }>, expected: Token) {
  if (outcome.reason === 'spelling') return 'misspelled';
  if (outcome.reason === 'wrongWord') return 'wrong word';
  return apostropheNote(outcome.written, expected.display);
}

/** Each finding as `[section, entry]`, the written text first, the sentence's word second. */
function notesOf(reference: Token[], outcomes: WordOutcome[]): Array<[string, string]> {
  const name = namerFor(reference);
  return outcomes.flatMap((outcome, word): Array<[string, string]> => {
    const expected = name(word, 'span' in outcome ? outcome.span : 1);
    switch (outcome.kind) {
      case 'missed':
        return [['missed', expected]];
      case 'nearMiss':
        return [
          [
            nearMissSection(outcome, reference[word]!),
            `${quoted(outcome.written)} for ${expected}`,
          ],
        ];
      case 'correct':
        return outcome.variant === null
          ? []
          : [['accepted as a spelling variant', `${quoted(outcome.variant)} for ${expected}`]];
      case 'covered':
        return [];
      default:
        return [[FORM_SECTIONS[outcome.kind], `${quoted(outcome.written)} for ${expected}`]];
    }
  });
}

/** For the teacher: every finding, grouped, quoted as written, repeated words by position. */
export function privateNotes(reference: Token[], match: MatchResult, total: number): string {
  const grouped = new Map<string, string[]>();
  for (const [section, entry] of notesOf(reference, match.outcomes)) {
    const entries = grouped.get(section);
    if (entries) entries.push(entry);
    else grouped.set(section, [entry]);
  }
  const sections = [...grouped].map(([section, entries]) => `${section}: ${entries.join(', ')}`);
  if (match.extras.length > 0) {
    sections.push(`extra words (not penalised): ${match.extras.map(quoted).join(', ')}`);
  }
  const details = capitalise(sections.join('; '));
  if (!match.outcomes.every((outcome) => outcome.kind === 'correct')) return details;
  const praise = total === 1 ? 'The word is correct.' : `All ${total} words correct.`;
  return details === '' ? praise : `${praise} ${details}`;
}

function band(fraction: number): string {
  if (fraction >= 0.8) return 'Nearly there';
  return fraction >= 0.5 ? 'Good effort' : 'Keep practising';
}

function listFew(words: string[]): string {
  const shown = words.slice(0, LISTED_IN_SUGGESTION);
  const more = words.length > LISTED_IN_SUGGESTION ? ' and more' : '';
  return `${shown.join(', ')}${more}`;
}

/** Advice for the learner, one clause per kind of finding, in this order. */
const ADVICE = {
  spelling: (list: string) => `check the spelling of ${list}`,
  apostrophe: (list: string) => `check the apostrophe in ${list}`,
  expanded: (list: string) => `write the contraction ${list} as it was said`,
  contracted: (list: string) => `write ${list} in full, as it was said`,
  split: (list: string) => `write ${list} as one word`,
  joined: (list: string) => `write ${list} as separate words`,
  listen: (list: string) => `listen again for ${list}`,
} as const;

/** A misspelling is a matter of spelling; a wrong or missing word, of listening. */
function adviceFor(outcome: WordOutcome): keyof typeof ADVICE | null {
  switch (outcome.kind) {
    case 'correct':
    case 'covered':
      return null;
    case 'missed':
      return 'listen';
    case 'nearMiss':
      return outcome.reason === 'wrongWord' ? 'listen' : outcome.reason;
    default:
      return outcome.kind;
  }
}

function adviceOf(reference: Token[], outcomes: WordOutcome[]): string[] {
  const name = namerFor(reference);
  const words = new Map<keyof typeof ADVICE, string[]>(
    Object.keys(ADVICE).map((kind) => [kind as keyof typeof ADVICE, []]),
  );
  outcomes.forEach((outcome, word) => {
    const kind = adviceFor(outcome);
    if (kind) words.get(kind)!.push(name(word, 'span' in outcome ? outcome.span : 1));
  });
  return [...words]
    .filter(([, named]) => named.length > 0)
    .map(([kind, named]) => ADVICE[kind](listFew(named)));
}

/** For the learner: one sentence on what to work on, naming a few words at most. */
export function suggestion(
  reference: Token[],
  match: MatchResult,
  points: number,
  total: number,
): string {
  if (points === total) return 'Excellent: every word is correct.';
  if (match.outcomes.every((outcome) => outcome.kind === 'missed')) {
    return 'Keep practising: listen to the whole sentence and type every word you hear.';
  }
  const advice = adviceOf(reference, match.outcomes);
  return `${band(points / total)}: ${advice.join('; ')}.`;
}

/** No penalty for extra words invites listing guesses; a long list earns a caution. */
export function looksLikeGuessing(match: MatchResult, total: number): boolean {
  return match.extras.length > total;
}

export const GUESSING_CAUTION =
  ' Write only the words you hear: the answer has more extra words than the sentence has words.';

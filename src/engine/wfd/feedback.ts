import type { MatchResult, WordOutcome } from './match.js';
import { wordKey, type Token } from './tokens.js';

const quoted = (word: string): string => `"${word}"`;
const LISTED_IN_SUGGESTION = 3;
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth'];

/** A reference word as the notes name it: `"the"`, or `the second "the"` when it repeats. */
export type Namer = (word: number, span?: number) => string;

export function namerFor(reference: Token[]): Namer {
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

/** Advice for the learner, one kind of finding per clause. */
function adviceOf(outcomes: WordOutcome[], name: Namer): string[] {
  const wanted = (kinds: WordOutcome['kind'][], filter: (o: WordOutcome) => boolean = () => true) =>
    outcomes.flatMap((outcome, word) =>
      kinds.includes(outcome.kind) && filter(outcome)
        ? [name(word, 'span' in outcome ? outcome.span : 1)]
        : [],
    );
  const reason = (wantedReason: string) => (outcome: WordOutcome) =>
    outcome.kind === 'nearMiss' && outcome.reason === wantedReason;
  const clauses: Array<[(list: string) => string, string[]]> = [
    [(list) => `check the spelling of ${list}`, wanted(['nearMiss'], reason('spelling'))],
    [(list) => `check the apostrophe in ${list}`, wanted(['nearMiss'], reason('apostrophe'))],
    [(list) => `write the contraction ${list} as it was said`, wanted(['expanded'])],
    [(list) => `write ${list} in full, as it was said`, wanted(['contracted'])],
    [(list) => `write ${list} as one word`, wanted(['split'])],
    [(list) => `write ${list} as separate words`, wanted(['joined'])],
    [
      (list) => `listen again for ${list}`,
      wanted(['missed']).concat(wanted(['nearMiss'], reason('wrongWord'))),
    ],
  ];
  return clauses
    .filter(([, words]) => words.length > 0)
    .map(([clause, words]) => clause(listFew(words)));
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
  const advice = adviceOf(match.outcomes, namerFor(reference));
  return `${band(points / total)}: ${advice.join('; ')}.`;
}

/** No penalty for extra words invites listing guesses; a long list earns a caution. */
export function looksLikeGuessing(match: MatchResult, total: number): boolean {
  return match.extras.length > total;
}

export const GUESSING_CAUTION =
  ' Write only the words you hear: the answer has more extra words than the sentence has words.';

import type { MatchResult } from './match.js';
import type { Token } from './tokens.js';

const quoted = (word: string): string => `"${word}"`;
const LISTED_IN_SUGGESTION = 3;

interface Findings {
  missed: string[];
  misspelled: Array<{ written: string; expected: string }>;
  extras: string[];
}

export function findingsOf(reference: Token[], match: MatchResult): Findings {
  const missed: string[] = [];
  const misspelled: Findings['misspelled'] = [];
  match.outcomes.forEach((outcome, index) => {
    const expected = (reference[index] as Token).display;
    if (outcome.kind === 'missed') missed.push(expected);
    if (outcome.kind === 'misspelled') misspelled.push({ written: outcome.written, expected });
  });
  return { missed, misspelled, extras: match.extras };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** For the teacher: every miss, misspelling and extra word, quoted as written. */
export function privateNotes(findings: Findings, total: number): string {
  const sections: string[] = [];
  if (findings.missed.length > 0)
    sections.push(`missed: ${findings.missed.map(quoted).join(', ')}`);
  if (findings.misspelled.length > 0) {
    const pairs = findings.misspelled.map((m) => `${quoted(m.written)} for ${quoted(m.expected)}`);
    sections.push(`misspelled: ${pairs.join(', ')}`);
  }
  if (findings.extras.length > 0) {
    sections.push(`extra words (not penalised): ${findings.extras.map(quoted).join(', ')}`);
  }
  if (sections.length > 0) return capitalise(sections.join('; '));
  return total === 1 ? 'The word is correct.' : `All ${total} words correct.`;
}

function band(fraction: number): string {
  if (fraction >= 0.8) return 'Nearly there';
  return fraction >= 0.5 ? 'Good effort' : 'Keep practising';
}

function listFew(words: string[]): string {
  const shown = words.slice(0, LISTED_IN_SUGGESTION).map(quoted);
  const more = words.length > LISTED_IN_SUGGESTION ? ' and more' : '';
  return `${shown.join(', ')}${more}`;
}

/** For the learner: one sentence on what to work on, naming a few words at most. */
export function suggestion(findings: Findings, points: number, total: number): string {
  if (points === total) return 'Excellent: every word is correct.';
  if (points === 0 && findings.misspelled.length === 0) {
    return 'Keep practising: listen to the whole sentence and type every word you hear.';
  }
  const advice: string[] = [];
  if (findings.misspelled.length > 0) {
    advice.push(`check the spelling of ${listFew(findings.misspelled.map((m) => m.expected))}`);
  }
  if (findings.missed.length > 0) advice.push(`listen again for ${listFew(findings.missed)}`);
  return `${band(points / total)}: ${advice.join(' and ')}.`;
}

/** No penalty for extra words invites listing guesses; a long list earns a caution. */
export function looksLikeGuessing(findings: Findings, total: number): boolean {
  return findings.extras.length > total;
}

export const GUESSING_CAUTION =
  ' Write only the words you hear: the answer has more extra words than the sentence has words.';

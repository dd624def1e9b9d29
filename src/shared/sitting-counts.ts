import type { SittingSummary } from './app-api.js';

type Counts = SittingSummary['counts'];

/** "3 of 4 answers scored": what a sitting's overall rests on. */
export function scoredOfItems(counts: Counts): string {
  return `${counts.scored} of ${counts.items} answer${counts.items === 1 ? '' : 's'} scored`;
}

/** The answers the overall leaves out, and why: ["1 failed", "1 not answered", …]. */
export function unscoredParts(counts: Counts, pending: number): string[] {
  return [
    counts.failed ? `${counts.failed} failed` : '',
    counts.notAnswered ? `${counts.notAnswered} not answered` : '',
    pending ? `${pending} still being scored` : '',
  ].filter(Boolean);
}

/** The whole truth of a sitting's total in one sentence, for the app and its PDF. */
export function sittingTotalNote(summary: Pick<SittingSummary, 'counts' | 'pending'>): string {
  const { counts, pending } = summary;
  const missing = unscoredParts(counts, pending);
  if (missing.length === 0) return `${scoredOfItems(counts)}.`;
  return `${scoredOfItems(counts)} (${missing.join(', ')}): the overall counts only the scored answers.`;
}

import type { Task } from './contract/endpoints.js';
import type { WordLabel } from './contract/envelope.js';
import { marksHesitations } from './hesitation.js';
import { UNSURE_NAME } from './unsure-words.js';

export interface LegendEntry {
  /**
   * The engine's word label, which gives the colour; or `Unsure` (rs), no label but the mark
   * drawn over a word's colour when the engine is not sure whether it was said (unsure-words.ts).
   */
  label: WordLabel | 'Unsure';
  /** What the colour means in this task. */
  name: string;
  /** rl, di: an `Inserted` entry is a hesitation, drawn muted. */
  hesitation?: boolean;
}

/** How a dictation word's label reads to an examiner: nothing in it is about sound. */
export const DICTATION_MARKS: Record<string, { name: string; title: string }> = {
  Good: { name: 'Correct', title: 'Written and spelled correctly' },
  Bad: {
    name: 'Written wrongly',
    title: 'Written, but misspelled or in another form: see the notes',
  },
  Missing: { name: 'Missed', title: 'Not written' },
};

/**
 * What each word colour means, per task. Dictation marks written words: correct, written
 * wrongly, or missing (extra words cost nothing and are not listed); speaking marks how each
 * word was said, the words added and the words to listen to (rs) or the hesitations and
 * unclear speech (rl, di), and the pauses.
 */
export function wordLegend(task: Task): LegendEntry[] {
  if (task === 'wfd') {
    return (['Good', 'Bad', 'Missing'] as const).map((label) => ({
      label,
      name: DICTATION_MARKS[label]!.name,
    }));
  }
  const speaking: LegendEntry[] = [
    { label: 'Good', name: 'Good' },
    { label: 'Average', name: 'Average' },
    { label: 'Bad', name: 'Bad' },
    { label: 'Pause', name: 'Pause' },
    { label: 'Missing', name: 'Missing' },
    marksHesitations(task)
      ? { label: 'Inserted', name: 'Hesitation', hesitation: true }
      : { label: 'Inserted', name: 'Inserted' },
  ];
  // rl, di: speech heard but not named is an "unclear" stretch, never a guessed word.
  if (marksHesitations(task)) return [...speaking, { label: 'Unclear', name: 'Unclear' }];
  return task === 'rs' ? [...speaking, { label: 'Unsure', name: UNSURE_NAME }] : speaking;
}

import type { Task } from './contract/endpoints.js';
import { marksHesitations } from './hesitation.js';

export interface LegendEntry {
  /** The engine's word label, which gives the colour. */
  label: 'Good' | 'Average' | 'Bad' | 'Missing' | 'Inserted' | 'Pause';
  /** What the colour means in this task. */
  name: string;
  /** rl, di: an `Inserted` entry is a hesitation, drawn muted. */
  hesitation?: boolean;
}

/**
 * What each word colour means, per task. Dictation marks written words: correct, written
 * wrongly, or missing (extra words cost nothing and are not listed); speaking marks how each
 * word was said, the words added (rs) or the hesitations (rl, di), and the pauses.
 */
export function wordLegend(task: Task): LegendEntry[] {
  if (task === 'wfd') {
    return [
      { label: 'Good', name: 'Written correctly' },
      { label: 'Bad', name: 'Misspelt or changed' },
      { label: 'Missing', name: 'Missing' },
    ];
  }
  return [
    { label: 'Good', name: 'Good' },
    { label: 'Average', name: 'Average' },
    { label: 'Bad', name: 'Bad' },
    { label: 'Pause', name: 'Pause' },
    { label: 'Missing', name: 'Missing' },
    marksHesitations(task)
      ? { label: 'Inserted', name: 'Hesitation', hesitation: true }
      : { label: 'Inserted', name: 'Inserted' },
  ];
}

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** speechocean762 (Zhang et al., Interspeech 2021, CC BY 4.0), train speakers, next to the repo. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SO762_DIR = resolve(ROOT, '../shared/so762');

export interface LabelWord {
  text: string;
  accuracy: number;
  phones: string[];
  pa: number[];
}

export interface Label {
  id: string;
  accuracy: number;
  completeness: number;
  fluency: number;
  prosodic: number;
  total: number;
  text: string;
  words: LabelWord[];
}

export function corpusAvailable(): boolean {
  return existsSync(join(SO762_DIR, 'labels.jsonl'));
}

/** Ends a bench that reads the corpus, saying so, where ../shared/so762 is absent. */
export function exitUnlessCorpus(bench: string): void {
  if (corpusAvailable()) return;
  console.log(`${bench} skipped: speechocean762 not found at ${SO762_DIR}`);
  process.exit(0);
}

export function speakerOf(id: string): string {
  return id.slice(1, 5);
}

export function readLabels(): Label[] {
  return readFileSync(join(SO762_DIR, 'labels.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Label);
}

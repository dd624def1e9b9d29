import { existsSync, mkdirSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeAudio } from '../src/engine/audio/decode.js';
import { analyseSpeech, type SpeechAnalysis } from '../src/engine/speech/analysis.js';
import { tokenize } from '../src/engine/speech/lexicon.js';
import { loadSpeechModel } from '../src/engine/speech/model.js';

/** speechocean762 (Zhang et al., Interspeech 2021, CC BY 4.0), train speakers, next to the repo. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SO762_DIR = resolve(ROOT, '../shared/so762');
const CACHE_FILE = join(ROOT, '.tmp/so762/analyses.jsonl');

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

export interface CorpusItem {
  label: Label;
  speaker: string;
  analysis: SpeechAnalysis;
  audioSeconds: number;
  latencyMs: number;
}

export function corpusAvailable(): boolean {
  return existsSync(join(SO762_DIR, 'labels.jsonl'));
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

interface CachedAnalysis {
  id: string;
  analysis: SpeechAnalysis;
  audioSeconds: number;
  latencyMs: number;
}

function readCache(): Map<string, CachedAnalysis> {
  if (!existsSync(CACHE_FILE)) return new Map();
  const rows = readFileSync(CACHE_FILE, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as CachedAnalysis);
  return new Map(rows.map((row) => [row.id, row]));
}

export interface CorpusRun {
  items: CorpusItem[];
  modelLoadMs: number | null;
  peakRssBytes: number;
  analysedNow: number;
}

/** Analyses every utterance once; later runs read the cache in .tmp/so762 (delete it to redo). */
export async function analyseCorpus(
  log: (line: string) => void = () => undefined,
): Promise<CorpusRun> {
  const labels = readLabels();
  const cache = readCache();
  const missing = labels.filter((label) => !cache.has(label.id));
  let modelLoadMs: number | null = null;
  let peakRssBytes = process.memoryUsage().rss;
  if (missing.length > 0) {
    mkdirSync(dirname(CACHE_FILE), { recursive: true });
    if (cache.size === 0) writeFileSync(CACHE_FILE, '');
    const model = await loadSpeechModel();
    modelLoadMs = model.loadMs;
    for (const [index, label] of missing.entries()) {
      const bytes = await readFile(join(SO762_DIR, 'audio', `${label.id}.wav`));
      const started = performance.now();
      const audio = await decodeAudio(new Uint8Array(bytes));
      const analysis = analyseSpeech(model, audio.samples, tokenize(label.text), 'sequence');
      const row = {
        id: label.id,
        analysis,
        audioSeconds: audio.durationSeconds,
        latencyMs: performance.now() - started,
      };
      appendFileSync(CACHE_FILE, `${JSON.stringify(row)}\n`);
      cache.set(label.id, row);
      peakRssBytes = Math.max(peakRssBytes, process.memoryUsage().rss);
      if (index % 100 === 0) log(`analysed ${index + 1}/${missing.length}`);
    }
  }
  const items = labels.flatMap((label) => {
    const row = cache.get(label.id);
    return row ? [{ label, speaker: speakerOf(label.id), ...row }] : [];
  });
  return { items, modelLoadMs, peakRssBytes, analysedNow: missing.length };
}

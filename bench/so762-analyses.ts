/**
 * Recognition and alignment of every case, cached in .tmp/so762-<model>/<analysis fingerprint>.
 * Several processes may fill the cache at once, each taking its shard:
 * `tsx bench/so762-analyses.ts 0/2` and `tsx bench/so762-analyses.ts 1/2`.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { audioCautions } from '../src/engine/audio/cautions.js';
import { analyseQuality } from '../src/engine/audio/quality.js';
import { analyseSpeech, type SpeechAnalysis } from '../src/engine/evidence/analysis.js';
import { decideSaid, saidModelFor } from '../src/engine/evidence/word-acceptance.js';
import { tokenize } from '../src/engine/text/words.js';
import type { AcousticModel } from '../src/engine/recognizer/acoustic-model.js';
import { loadAcousticModel } from '../src/engine/recognizer/load.js';
import { configuredModel } from '../src/engine/recognizer/models.js';
import { WHOLE, type Shard } from './command-line.js';
import { analysisFingerprint } from './fingerprint.js';
import { buildCases, caseAudio, CASE_KINDS, type Case } from './so762-cases.js';
import { readLabels, type Label } from './so762-corpus.js';
import type { AudioCheck } from './so762-cv.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/**
 * One cache per acoustic model (EXAMINER_SPEECH_MODEL) and per version of the analysis code, so
 * that neither two models nor two engines are ever mixed in one fit.
 */
const CACHE_DIR = join(ROOT, '.tmp', `so762-${configuredModel()}`, analysisFingerprint());

export interface CaseAnalysis {
  id: string;
  analysis: SpeechAnalysis;
  audioSeconds: number;
  latencyMs: number;
}

function cacheFile(shard: number): string {
  return join(CACHE_DIR, `analyses-${shard}.jsonl`);
}

export function readCachedAnalyses(): Map<string, CaseAnalysis> {
  const rows = new Map<string, CaseAnalysis>();
  const said = saidModelFor(configuredModel());
  for (let shard = 0; shard < 8; shard += 1) {
    const file = cacheFile(shard);
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line === '') continue;
      const row = JSON.parse(line) as CaseAnalysis;
      // Which words count as said is decided afresh, so a refitted said model needs no re-analysis.
      Object.assign(row.analysis, decideSaid(row.analysis, said));
      rows.set(row.id, row);
    }
  }
  return rows;
}

export async function analyseCase(model: AcousticModel, item: Case): Promise<CaseAnalysis> {
  const samples = await caseAudio(item);
  const started = performance.now();
  const analysis = analyseSpeech(model, samples, tokenize(item.text));
  return {
    id: item.id,
    analysis,
    audioSeconds: samples.length / 16000,
    latencyMs: performance.now() - started,
  };
}

/** Analyses the cases the cache lacks (those of this shard) and returns every cached one. */
export async function analyseCases(
  cases: readonly Case[],
  shard: Shard = WHOLE,
  log: (line: string) => void = () => undefined,
): Promise<Map<string, CaseAnalysis>> {
  const cache = readCachedAnalyses();
  const missing = cases.filter(
    (item, index) => !cache.has(item.id) && index % shard.count === shard.index,
  );
  if (missing.length === 0) return cache;
  mkdirSync(CACHE_DIR, { recursive: true });
  const model = await loadAcousticModel();
  for (const [index, item] of missing.entries()) {
    const row = await analyseCase(model, item);
    appendFileSync(cacheFile(shard.index), `${JSON.stringify(row)}\n`);
    cache.set(item.id, row);
    if (index % 100 === 0) log(`analysed ${index + 1}/${missing.length}`);
  }
  model.close();
  return cache;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [index, count] = (process.argv[2] ?? '0/1').split('/').map(Number);
  const cases = buildCases(readLabels(), CASE_KINDS);
  await analyseCases(cases, { index: index ?? 0, count: count ?? 1 }, console.log);
}

export interface CaseItem extends CaseAnalysis {
  case: Case;
}

/** A real utterance against its own text, with the experts' labels. */
export interface CorpusItem extends CaseItem {
  label: Label;
  speaker: string;
}

export interface Corpus {
  items: CorpusItem[];
  cases: CaseItem[];
}

/** Every case of every kind, analysed (from the cache where it can be). */
export async function loadCorpus(
  log: (line: string) => void = () => undefined,
  { cachedOnly = false } = {},
): Promise<Corpus> {
  const labels = readLabels();
  const cases = buildCases(labels, CASE_KINDS);
  const analyses = cachedOnly ? readCachedAnalyses() : await analyseCases(cases, WHOLE, log);
  const byId = new Map(labels.map((label) => [label.id, label]));
  const items = cases.flatMap((item): CaseItem[] => {
    const row = analyses.get(item.id);
    return row ? [{ ...row, case: item }] : [];
  });
  return {
    cases: items,
    items: items
      .filter((item) => item.case.kind === 'real')
      .map((item) => ({
        ...item,
        label: byId.get(item.case.labelId)!,
        speaker: item.case.speaker,
      })),
  };
}

/** The audio check every answer meets before scoring: silence refused, noise and clipping noted. */
export async function audioChecks(cases: readonly CaseItem[]): Promise<Map<string, AudioCheck>> {
  const result = new Map<string, AudioCheck>();
  for (const item of cases) {
    const samples = await caseAudio(item.case);
    const quality = await analyseQuality({
      samples,
      sampleRate: 16000,
      durationSeconds: samples.length / 16000,
    });
    result.set(item.id, { silent: quality.silent, cautions: audioCautions(quality) });
  }
  return result;
}

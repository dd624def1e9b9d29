/**
 * Recognition and alignment of every case, cached in .tmp/so762-<model>/<analysis fingerprint>.
 * Several processes may fill the cache at once, each taking its shard:
 * `tsx bench/so762-analyses.ts 0/2` and `tsx bench/so762-analyses.ts 1/2`.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyseSpeech, type SpeechAnalysis } from '../src/engine/evidence/analysis.js';
import { decideSaid, saidModelFor } from '../src/engine/evidence/word-acceptance.js';
import {
  missedFalseStart,
  needsSecondOpinion,
  reconsidered,
  secondOpinionFor,
  secondReading,
} from '../src/engine/evidence/second-opinion.js';
import { tokenize } from '../src/engine/text/words.js';
import type { AcousticModel, DecodedSegment } from '../src/engine/recognizer/acoustic-model.js';
import { loadAcousticModel } from '../src/engine/recognizer/load.js';
import { configuredModel, type ModelName } from '../src/engine/recognizer/models.js';
import {
  isReadable,
  readingFrame,
  withNeuralReading,
  wordsBeforeEnd,
} from '../src/engine/evidence/neural-reading.js';
import { checkedAnswer } from './checked-answer.js';
import { WHOLE, type Shard } from './command-line.js';
import { analysisFingerprint } from './fingerprint.js';
import {
  neuralReadings,
  readCachedReadings,
  readingsAsRead,
  type NeuralReading,
} from './so762-neural-readings.js';
import { buildCases, caseAudio, CASE_KINDS, type Case } from './so762-cases.js';
import { readLabels, type Label } from './so762-corpus.js';
import type { AudioCheck } from './so762-cv.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/**
 * One cache per acoustic model (EXAMINER_SPEECH_MODEL) and per version of the analysis code, so
 * that neither two models nor two engines are ever mixed in one fit.
 */
function cacheDir(model: ModelName): string {
  return join(ROOT, '.tmp', `so762-${model}`, analysisFingerprint());
}

export interface CaseAnalysis {
  id: string;
  analysis: SpeechAnalysis;
  audioSeconds: number;
  latencyMs: number;
}

function cacheFile(shard: number, model: ModelName): string {
  return join(cacheDir(model), `analyses-${shard}.jsonl`);
}

export function readCachedAnalyses(
  model: ModelName = configuredModel(),
): Map<string, CaseAnalysis> {
  const rows = new Map<string, CaseAnalysis>();
  for (let shard = 0; shard < 8; shard += 1) {
    for (const [id, row] of readAnalysesFile(cacheFile(shard, model), model)) rows.set(id, row);
  }
  return rows;
}

function readAnalysesFile(file: string, model: ModelName): Map<string, CaseAnalysis> {
  const rows = new Map<string, CaseAnalysis>();
  if (!existsSync(file)) return rows;
  const said = saidModelFor(model);
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line === '') continue;
    const row = JSON.parse(line) as CaseAnalysis;
    // Which words count as said is decided afresh, so a refitted said model needs no re-analysis.
    Object.assign(row.analysis, decideSaid(row.analysis, said));
    rows.set(row.id, row);
  }
  return rows;
}

export async function analyseCase(
  model: AcousticModel,
  item: Case,
  falseStart: DecodedSegment[] = [],
): Promise<CaseAnalysis> {
  const samples = await caseAudio(item);
  const started = performance.now();
  const analysis = analyseSpeech(model, samples, tokenize(item.text), { falseStart });
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
  modelName: ModelName = configuredModel(),
): Promise<Map<string, CaseAnalysis>> {
  const cache = readCachedAnalyses(modelName);
  const missing = cases.filter(
    (item, index) => !cache.has(item.id) && index % shard.count === shard.index,
  );
  if (missing.length === 0) return cache;
  mkdirSync(cacheDir(modelName), { recursive: true });
  const model = await loadAcousticModel(modelName);
  for (const [index, item] of missing.entries()) {
    const row = await analyseCase(model, item);
    appendFileSync(cacheFile(shard.index, modelName), `${JSON.stringify(row)}\n`);
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
  /**
   * The second acoustic model's analysis of the same case (evidence/second-opinion.ts): its
   * delivery estimate joins the first's where the audio check trusts it (hearsSecondModel).
   */
  second?: SpeechAnalysis;
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
  const fromFrames = new Map(
    [...analyses].map(([id, row]) => [id, readingFrame(row.analysis)] as const),
  );
  const seconds = await askSecondOpinions(cases, analyses, cachedOnly, log);
  const readings = await readingsAsRead(
    cases,
    cachedOnly ? readCachedReadings() : await neuralReadings(cases, WHOLE, log),
    fromFrames,
    cachedOnly,
  );
  for (const analysed of [analyses, seconds]) await vetWithNeuralReadings(analysed, readings);
  const byId = new Map(labels.map((label) => [label.id, label]));
  const items = cases.flatMap((item): CaseItem[] => {
    const row = analyses.get(item.id);
    return row ? [{ ...row, case: item, second: seconds.get(item.id)?.analysis }] : [];
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

/**
 * The second model's analyses of every case (cached like the first's), and the second opinion
 * the engine asks with them on Repeat Sentence words (evidence/second-opinion.ts), so that every
 * fit and figure reads the words said as the engine decides them.
 */
async function askSecondOpinions(
  cases: readonly Case[],
  analyses: Map<string, CaseAnalysis>,
  cachedOnly: boolean,
  log: (line: string) => void,
): Promise<Map<string, CaseAnalysis>> {
  const opinion = secondOpinionFor(configuredModel());
  if (!opinion) return new Map();
  const said = saidModelFor(configuredModel());
  const unsure = cases.filter((item) => {
    const row = analyses.get(item.id);
    return row !== undefined && needsSecondOpinion(row.analysis, said, []);
  });
  const seconds = cachedOnly
    ? readCachedAnalyses(opinion.model)
    : await analyseCases(cases, WHOLE, log, opinion.model);
  await readAfterFirstFalseStarts(cases, analyses, seconds, opinion.model, cachedOnly, log);
  const checks = await audioChecks(unsure.map((item) => ({ id: item.id, case: item })));
  for (const item of unsure) {
    const first = analyses.get(item.id)!;
    const cautions = checks.get(item.id)!.cautions;
    first.analysis = reconsidered(
      first.analysis,
      said,
      cautions,
      opinion,
      seconds.get(item.id)?.analysis,
    );
  }
  return seconds;
}

/**
 * The second model's reading where it missed the first model's false start, as the engine makes
 * it (tasks/repeat-sentence.ts): decoded again after that false start, and kept by
 * secondReading. Those decodes are cached apart, beside the second model's analyses.
 */
async function readAfterFirstFalseStarts(
  cases: readonly Case[],
  analyses: ReadonlyMap<string, CaseAnalysis>,
  seconds: Map<string, CaseAnalysis>,
  modelName: ModelName,
  cachedOnly: boolean,
  log: (line: string) => void,
): Promise<void> {
  const file = join(cacheDir(modelName), 'after-first-false-start.jsonl');
  const cached = readAnalysesFile(file, modelName);
  const missed = cases.filter((item) => {
    const [first, second] = [analyses.get(item.id), seconds.get(item.id)];
    return first && second && missedFalseStart(first.analysis, second.analysis);
  });
  const todo = cachedOnly ? [] : missed.filter((item) => !cached.has(item.id));
  if (todo.length > 0) {
    log(`reading ${todo.length} cases after the first model's false start`);
    const model = await loadAcousticModel(modelName);
    for (const item of todo) {
      const falseStart = analyses.get(item.id)!.analysis.falseStart;
      const row = await analyseCase(model, item, falseStart);
      appendFileSync(file, `${JSON.stringify(row)}\n`);
      cached.set(item.id, row);
    }
    model.close();
  }
  for (const item of missed) {
    const alone = seconds.get(item.id)!;
    alone.analysis = secondReading(alone.analysis, cached.get(item.id)?.analysis);
  }
}

/**
 * Moonshine's veto on the words said (evidence/neural-reading.ts), applied to both models'
 * analyses after the second opinion as the engine applies it, so that every fit and figure
 * reads the words the engine shows.
 */
async function vetWithNeuralReadings(
  analyses: Map<string, CaseAnalysis>,
  readings: ReadonlyMap<string, NeuralReading>,
): Promise<void> {
  for (const [id, row] of analyses) {
    const reading = readings.get(id);
    if (!reading)
      throw new Error(`no Moonshine reading of ${id}: run bench/so762-neural-readings.ts`);
    row.analysis = withNeuralReading(
      row.analysis,
      isReadable(row.audioSeconds, reading.supports.length)
        ? {
            supports: reading.supports,
            wordsBeforeEnd: await wordsBeforeEnd(reading.supports, (slot) => reading.ends[slot]!),
          }
        : null,
    );
  }
}

/** Each case's audio check, once per process: the calibration, the CV and the external test all ask. */
const checked = new Map<string, AudioCheck>();

/** The audio check every answer meets before scoring: silence refused, noise and clipping noted. */
export async function audioChecks(
  cases: ReadonlyArray<Pick<CaseItem, 'id' | 'case'>>,
): Promise<Map<string, AudioCheck>> {
  const result = new Map<string, AudioCheck>();
  for (const item of cases) {
    let check = checked.get(item.id);
    if (!check) {
      const { silent, cautions } = await checkedAnswer(await caseAudio(item.case));
      check = { silent, cautions };
      checked.set(item.id, check);
    }
    result.set(item.id, check);
  }
  return result;
}

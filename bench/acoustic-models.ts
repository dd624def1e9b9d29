/**
 * The acoustic models side by side on the same speechocean762 cases (every `--stride`th
 * utterance read right, and the same recordings scored against another sentence): how well
 * GOP separates words of the right sentence from words of another (ROC area), the same for
 * whole answers (mean word GOP), and the real-time factor of the analysis.
 * Usage: npm run bench:models [-- --stride 10] [--model en-us-16k] (one model only)
 */
import { wordGop } from '../src/engine/evidence/gop.js';
import type { SpeechAnalysis } from '../src/engine/evidence/speech-analysis.js';
import { mean } from '../src/engine/evidence/statistics.js';
import { loadAcousticModel } from '../src/engine/recognizer/load.js';
import { MODEL_NAMES, type ModelName } from '../src/engine/recognizer/models.js';
import { analyseCase } from './so762-analyses.js';
import { buildCases, type Case } from './so762-cases.js';
import { readLabels, exitUnlessCorpus } from './so762-corpus.js';
import { option } from './command-line.js';
import { rocArea } from './roc-area.js';

interface ModelFigures {
  name: ModelName;
  cases: number;
  wordAuc: number;
  answerAuc: number;
  realTimeFactor: number;
}

function alignedGops(analysis: SpeechAnalysis): number[] {
  return analysis.aligned.filter((word) => word.phones.length > 0).map(wordGop);
}

async function measure(name: ModelName, cases: readonly Case[]): Promise<ModelFigures> {
  const model = await loadAcousticModel(name);
  const words = { real: [] as number[], wrong: [] as number[] };
  const answers = { real: [] as number[], wrong: [] as number[] };
  let audioSeconds = 0;
  let analysisMs = 0;
  for (const item of cases) {
    const row = await analyseCase(model, item);
    const kind = item.kind === 'real' ? 'real' : 'wrong';
    const gops = alignedGops(row.analysis);
    words[kind].push(...gops);
    answers[kind].push(gops.length > 0 ? mean(gops) : -100);
    audioSeconds += row.audioSeconds;
    analysisMs += row.latencyMs;
  }
  model.close();
  return {
    name,
    cases: cases.length,
    wordAuc: rocArea(words.real, words.wrong),
    answerAuc: rocArea(answers.real, answers.wrong),
    realTimeFactor: analysisMs / 1000 / Math.max(1, audioSeconds),
  };
}

exitUnlessCorpus('bench:models');
const stride = Number(option('--stride') ?? 10);
// Wrong-sentence cases exist for every 5th utterance: every (stride / 5)th of them is the same
// recording as the real case sampled.
const all = buildCases(readLabels(), ['real', 'wrong']);
const real = all.filter((item) => item.kind === 'real').filter((_, index) => index % stride === 0);
const sampled = new Set(real.map((item) => item.labelId));
const cases = [
  ...real,
  ...all.filter((item) => item.kind === 'wrong' && sampled.has(item.labelId)),
];
console.log(`bench:models: ${cases.length} cases (every ${stride}th utterance, right and wrong)`);
console.log(
  '| Model | Cases | Word GOP ROC area, right vs wrong sentence | Answer mean GOP ROC area | Real-time factor |',
);
console.log('|---|---|---|---|---|');
const model = process.argv.includes('--model') ? option('--model') : null;
const names = model === null ? MODEL_NAMES : MODEL_NAMES.filter((name) => name === model);
for (const name of names) {
  const figures = await measure(name, cases);
  console.log(
    `| ${figures.name} | ${figures.cases} | ${figures.wordAuc.toFixed(3)} | ${figures.answerAuc.toFixed(3)} | ${figures.realTimeFactor.toFixed(3)} |`,
  );
}

/**
 * Retell Lecture as issue 20 was measured from outside, rebuilt from speechocean762 (Zhang et
 * al., Interspeech 2021, CC BY 4.0): a lecture of 8 corpus sentences drawn from any speakers
 * (each text has one reader, so an answer's recordings are by several); the examiner's keyword
 * list is every word of four letters or more (`--all-words`) or every such word that is not a
 * function word; the answers say 1, 2, 4, 6 or all 8 of the lecture's sentences in its order,
 * plus one recording of another sentence (unrelated speech) but for the complete one, 0.5 s
 * apart. Nothing is fitted here: the test speakers are an external test of the shipped models,
 * the train speakers a check on the speakers they were fitted on.
 *
 *   npx tsx bench/retell-issue-cases.ts [--lectures 6] [--all-words]
 */
import { spearman } from '../src/engine/evidence/statistics.js';
import { closeSpeechEngine, loadSpeechEngine, scoreAnswer } from '../src/engine/tasks/index.js';
import { isGenericWord } from '../src/engine/text/vocabulary.js';
import { tokenize } from '../src/engine/text/words.js';
import { seededRandom, shuffled } from '../scripts/seeded-random.js';
import { option } from './command-line.js';
import { joined, recording, says, sentence } from './retell-cases.js';
import { corpusAvailable, readLabels, speakerOf, type Label } from './so762-corpus.js';
import { isTestSpeaker } from './so762-split.js';

const SAID_SENTENCES = [1, 2, 4, 6, 8];
const LECTURE_SENTENCES = 8;
const GAP_SECONDS = 0.5;

/** Every distinct word of four letters or more, as written; function words left out unless `all`. */
function longWords(lecture: string, all: boolean): string[] {
  const words = tokenize(lecture).filter(
    (word) =>
      word.display.replace(/[^a-z]/giu, '').length >= 4 &&
      (all || !word.spoken.every(isGenericWord)),
  );
  return [...new Set(words.map((word) => word.display.toLowerCase()))];
}

interface Outcome {
  said: number;
  content: number;
  share: number;
  counts: { truePositive: number; falsePositive: number; falseNegative: number };
}

async function measure(labels: readonly Label[], lectures: number, all: boolean) {
  const next = seededRandom(7);
  const engine = await loadSpeechEngine();
  const outcomes: Outcome[] = [];
  for (let index = 0; index < lectures; index += 1) {
    const drawnLabels = shuffled(labels, next).slice(0, LECTURE_SENTENCES + SAID_SENTENCES.length);
    const lecture = drawnLabels.slice(0, LECTURE_SENTENCES);
    const unrelated = drawnLabels.slice(LECTURE_SENTENCES);
    const lectureText = lecture.map((label) => sentence(label.text)).join(' ');
    const keywords = longWords(lectureText, all);
    for (const [at, said] of SAID_SENTENCES.entries()) {
      const chosen = new Set(shuffled([...lecture.keys()], next).slice(0, said));
      const parts = lecture.filter((_, place) => chosen.has(place));
      if (said < LECTURE_SENTENCES) {
        parts.splice(Math.floor(next() * (parts.length + 1)), 0, unrelated[at]!);
      }
      const audio = await Promise.all(parts.map((part) => recording(part.id)));
      const samples = joined(
        audio,
        parts.slice(1).map(() => GAP_SECONDS),
        index * 10 + at,
      );
      const result = await scoreAnswer(
        engine,
        'rl',
        { audioUrl: 'file:', refText: lectureText, keywords, scale: 5, precision: 0.01 },
        { samples, durationSeconds: samples.length / 16000, cautions: [] },
      );
      const truth = parts.map((part) => part.text).join(' ');
      const counts = { truePositive: 0, falsePositive: 0, falseNegative: 0 };
      keywords.forEach((keyword, point) => {
        const isSaid = says(truth, { words: tokenize(keyword).flatMap((word) => word.spoken) });
        const heard = result.keyPoints?.[point]?.heard ?? false;
        if (isSaid && heard) counts.truePositive += 1;
        else if (heard) counts.falsePositive += 1;
        else if (isSaid) counts.falseNegative += 1;
      });
      outcomes.push({
        said,
        content: result.components.find((entry) => entry.name === 'score_content')!.score,
        share: (counts.truePositive + counts.falseNegative) / keywords.length,
        counts,
      });
    }
  }
  await closeSpeechEngine(engine);
  return outcomes;
}

function summary(name: string, outcomes: readonly Outcome[]): string {
  const sum = (key: keyof Outcome['counts']): number =>
    outcomes.reduce((total, outcome) => total + outcome.counts[key], 0);
  const tp = sum('truePositive');
  const precision = tp / Math.max(1, tp + sum('falsePositive'));
  const recall = tp / Math.max(1, tp + sum('falseNegative'));
  const f1 = (2 * precision * recall) / Math.max(1e-9, precision + recall);
  const complete = outcomes.filter((outcome) => outcome.said === LECTURE_SENTENCES);
  const rank = spearman(
    outcomes.map((outcome) => outcome.content),
    outcomes.map((outcome) => outcome.share),
  );
  return `| ${name} | ${outcomes.length} | ${precision.toFixed(2)} / ${recall.toFixed(2)} / ${f1.toFixed(2)} | ${rank.toFixed(2)} | ${complete.filter((outcome) => outcome.content >= 4).length} of ${complete.length} (${complete.map((outcome) => outcome.content.toFixed(1)).join(', ')}) |`;
}

if (!corpusAvailable()) {
  console.log('retell-issue-cases skipped: ../shared/so762 is not beside the repository.');
  process.exit(0);
}
const lectures = Number(option('--lectures') ?? 6);
const all = process.argv.includes('--all-words');
const labels = readLabels();
const lines = [
  `Issue 20's construction: ${lectures} lectures of ${LECTURE_SENTENCES} sentences per speaker group, keywords: every word of four letters or more${all ? '' : ' but function words'}.`,
  '',
  '| Speakers | Answers | Key points P / R / F1 | Content rank correlation with the share of keywords said | Complete retellings at 4 of 5 or more (content) |',
  '| --- | --- | --- | --- | --- |',
];
for (const test of [true, false]) {
  const group = labels.filter((label) => isTestSpeaker(speakerOf(label.id)) === test);
  lines.push(summary(test ? 'test (external)' : 'train', await measure(group, lectures, all)));
}
console.log(lines.join('\n'));

/**
 * Which prompt sentence each phrase of a Retell Lecture answer is taken for
 * (evidence/free-speech.ts): on the answers of `npm run bench:retell` (bench/retell-cases.ts),
 * how often the sentence a phrase is taken for (the one accepted, else the first tried) is the
 * one it says, and how many of the phrases the verdict accepts as a prompt sentence say
 * another. A phrase is scored against the recordings its audio holds (each at least 0.2 s
 * inside it).
 *
 *   npx tsx bench/retell-sentences.ts [--shard i/n]   (shards print their counts; add them)
 */
import { fileURLToPath } from 'node:url';
import { splitIntoPhrases } from '../src/engine/audio/phrases.js';
import { analyseFreeSpeech } from '../src/engine/evidence/free-speech.js';
import { promptVocabulary } from '../src/engine/evidence/prompt-vocabulary.js';
import { keyPointsFor } from '../src/engine/scoring/key-points.js';
import { judge } from '../src/engine/scoring/verdict.js';
import {
  closeSpeechEngine,
  loadSpeechEngine,
  type SpeechEngine,
} from '../src/engine/tasks/index.js';
import { tokenize } from '../src/engine/text/words.js';
import {
  answerAudio,
  buildExamRetellCases,
  type ExamAnswer,
  type ExamRetellCase,
} from './retell-cases.js';
import { corpusAvailable, readLabels } from './so762-corpus.js';
import { shardOption, WHOLE } from './command-line.js';

const RATE = 16000;
const INSIDE_SAMPLES = 0.2 * RATE;

interface Counts {
  /** Phrases holding one lecture sentence and nothing else said. */
  oneSentence: number;
  triedSaid: number;
  accepted: number;
  acceptedOther: number;
}

const words = (text: string): string =>
  tokenize(text)
    .map((word) => word.spoken.join(' '))
    .join(' ');

/** The answer's audio and, per recording in it (not the hesitations), its span and what it says. */
async function answerParts(answer: ExamAnswer) {
  const { samples, spans } = await answerAudio(answer);
  const recordings = answer.parts.flatMap((part, index) =>
    part.kind === 'hesitation'
      ? []
      : [{ lecture: part.kind === 'lecture', says: words(part.text), ...spans[index]! }],
  );
  return { samples, spans: recordings };
}

async function countAnswer(engine: SpeechEngine, item: ExamRetellCase, counts: Counts) {
  const { samples, spans } = await answerParts(item.answer);
  const keyPoints = keyPointsFor(item.answer.lecture, item.keywords);
  const vocabulary = promptVocabulary(
    engine.model,
    item.answer.lecture,
    keyPoints.map((point) => point.variants),
  );
  for (const phrase of await splitIntoPhrases(samples)) {
    const inside = spans.filter(
      (span) =>
        phrase.startSample < span.end - INSIDE_SAMPLES &&
        phrase.endSample > span.start + INSIDE_SAMPLES,
    );
    const tried: Array<{ sentence: string; accepted: boolean }> = [];
    analyseFreeSpeech(engine.model, samples, [phrase], vocabulary, (analysis) => {
      const { verdict, score } = judge(analysis, engine.calibration);
      const accepted = verdict === 'rendition';
      tried.push({
        sentence: analysis.reference.map((word) => word.spoken.join(' ')).join(' '),
        accepted,
      });
      return { rendition: accepted, score };
    });
    // The sentence the phrase is taken for: the one accepted, else the first tried.
    const taken = tried.find((entry) => entry.accepted) ?? tried[0];
    const accepted = taken?.accepted ?? false;
    const saysTried = inside.some((span) => span.lecture && span.says === taken?.sentence);
    if (inside.length === 1 && inside[0]!.lecture) {
      counts.oneSentence += 1;
      if (saysTried) counts.triedSaid += 1;
    }
    if (accepted) {
      counts.accepted += 1;
      if (!saysTried) counts.acceptedOther += 1;
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!corpusAvailable()) {
    console.log('retell-sentences skipped: ../shared/so762 is not beside the repository.');
    process.exit(0);
  }
  const { index, count } = shardOption() ?? WHOLE;
  const seen = new Set<string>();
  const answers = buildExamRetellCases(readLabels()).filter(
    (item) =>
      item.answer.saidSentences > 0 && !seen.has(item.answer.id) && seen.add(item.answer.id),
  );
  const engine = await loadSpeechEngine();
  const counts: Counts = { oneSentence: 0, triedSaid: 0, accepted: 0, acceptedOther: 0 };
  for (const item of answers.filter((_, at) => at % count! === index!))
    await countAnswer(engine, item, counts);
  await closeSpeechEngine(engine);
  console.log(
    `Phrases holding one lecture sentence: the sentence taken is the one said in ${counts.triedSaid} of ${counts.oneSentence}; ` +
      `phrases accepted as a prompt sentence: ${counts.acceptedOther} of ${counts.accepted} say another.`,
  );
}

/**
 * Answers that must earn no Retell Lecture marks: a retelling played backwards, a buzz and
 * pink noise (10 s each, as in bench/so762-cases.ts), each scored against the answer's lecture
 * and keywords by the whole path an answer takes after download: quality check, then the engine. An
 * answer earns nothing when it is refused as silent, or its pronunciation is not scored
 * (no relevant content, docs/engine.md).
 */
import { closeSpeechEngine, loadSpeechEngine, scoreAnswer } from '../src/engine/tasks/index.js';
import { checkedAnswer } from './checked-answer.js';
import { pinkNoise, sawtoothBuzz } from './so762-cases.js';
import { answerSamples, type ExamAnswer } from './retell-cases.js';

/** An answer and the keywords its lecture is scored with. */
export interface NegativeSource {
  answer: ExamAnswer;
  keywords: string[];
}

export const NEGATIVE_KINDS = ['reversed', 'buzz', 'pink'] as const;
export type NegativeKind = (typeof NEGATIVE_KINDS)[number];

export interface NegativeOutcome {
  kind: NegativeKind;
  /** Refused as silent, or scored with no delivery marks. */
  noMarks: boolean;
  content: number;
}

async function negativeAudio(
  kind: NegativeKind,
  answer: ExamAnswer,
  seed: number,
): Promise<Float32Array> {
  if (kind === 'buzz') return sawtoothBuzz(10, 90 + (seed % 60));
  if (kind === 'pink') return pinkNoise(10, seed);
  return (await answerSamples(answer)).reverse();
}

/**
 * Every kind against the lectures (and keywords) of `count` answers that retell half of their
 * lecture or more, spread over the lecture lengths.
 */
export async function measureNegatives(
  sources: readonly NegativeSource[],
  count: number,
): Promise<NegativeOutcome[]> {
  const engine = await loadSpeechEngine();
  const outcomes: NegativeOutcome[] = [];
  const retellings = sources.filter(
    ({ answer }) => answer.saidSentences >= answer.lectureSentences / 2,
  );
  const step = Math.max(1, Math.floor(retellings.length / count));
  const chosen = retellings.filter((_, index) => index % step === 0).slice(0, count);
  for (const [seed, { answer, keywords }] of chosen.entries()) {
    for (const kind of NEGATIVE_KINDS) {
      const samples = await negativeAudio(kind, answer, seed + 1);
      const checked = await checkedAnswer(samples);
      if (checked.silent) {
        outcomes.push({ kind, noMarks: true, content: 0 });
        continue;
      }
      const request = {
        audioUrl: 'file:',
        refText: answer.lecture,
        keywords,
        scale: 5,
        precision: 0.01,
      };
      const result = await scoreAnswer(engine, 'rl', request, checked);
      const component = (name: string) => result.components.find((entry) => entry.name === name);
      outcomes.push({
        kind,
        noMarks: component('score_pronunciation')?.status === 2,
        content: component('score_content')?.score ?? 0,
      });
    }
  }
  await closeSpeechEngine(engine);
  return outcomes;
}

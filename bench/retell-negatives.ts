/**
 * Answers that must earn no Retell Lecture marks: a retelling played backwards, a buzz and
 * pink noise (10 s each, as in bench/so762-cases.ts), each scored against the case's lecture
 * by the whole path an answer takes after download: quality check, then the engine. An
 * answer earns nothing when it is refused as silent, or its pronunciation is not scored
 * (no relevant content, docs/engine.md).
 */
import { analyseQuality } from '../src/engine/audio/index.js';
import { audioCautions } from '../src/engine/audio/cautions.js';
import { loadSpeechEngine, scoreAnswer } from '../src/engine/tasks/index.js';
import { pinkNoise, sawtoothBuzz } from './so762-cases.js';
import { joined, recording, type RetellCase } from './retell-cases.js';

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
  item: RetellCase,
  seed: number,
): Promise<Float32Array> {
  if (kind === 'buzz') return sawtoothBuzz(10, 90 + (seed % 60));
  if (kind === 'pink') return pinkNoise(10, seed);
  const parts = await Promise.all(item.parts.map((part) => recording(part.labelId)));
  return joined(parts, item.gapsSeconds, seed).reverse();
}

/** Every kind against the lectures of the first `count` cases that say some of their lecture. */
export async function measureNegatives(
  cases: readonly RetellCase[],
  count: number,
): Promise<NegativeOutcome[]> {
  const engine = await loadSpeechEngine();
  const outcomes: NegativeOutcome[] = [];
  const chosen = cases.filter((item) => item.parts.some((part) => part.inLecture)).slice(0, count);
  for (const [seed, item] of chosen.entries()) {
    for (const kind of NEGATIVE_KINDS) {
      const samples = await negativeAudio(kind, item, seed + 1);
      const audio = {
        samples,
        sampleRate: 16000 as const,
        durationSeconds: samples.length / 16000,
      };
      const quality = await analyseQuality(audio);
      if (quality.silent) {
        outcomes.push({ kind, noMarks: true, content: 0 });
        continue;
      }
      const request = { audioUrl: 'file:', refText: item.lecture, scale: 5, precision: 0.01 };
      const result = await scoreAnswer(engine, 'rl', request, {
        ...audio,
        cautions: audioCautions(quality),
      });
      const component = (name: string) => result.components.find((entry) => entry.name === name);
      outcomes.push({
        kind,
        noMarks: component('score_pronunciation')?.status === 2,
        content: component('score_content')?.score ?? 0,
      });
    }
  }
  engine.model.close();
  return outcomes;
}

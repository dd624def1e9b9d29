import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusAvailable, readLabels, SO762_DIR, type Label } from '../../bench/so762-corpus.js';
import { decodeAudio } from '../../src/engine/audio/decode.js';
import { loadSpeechEngine, scoreAnswer, type SpeechEngine } from '../../src/engine/tasks/index.js';

const SAMPLE = 5;
const skipReason = corpusAvailable() ? undefined : `speechocean762 not found at ${SO762_DIR}`;
if (skipReason) console.warn(`so762 engine test skipped: ${skipReason}`);

/**
 * The shipped calibration was fitted on these speakers, so this is a sanity check of the whole
 * path on real learner speech; held-out figures come from `npm run bench:so762`.
 */
describe.skipIf(skipReason)('speech engine on speechocean762', () => {
  let engine: SpeechEngine;

  beforeAll(async () => {
    engine = await loadSpeechEngine();
  });

  afterAll(() => engine?.model.close());

  async function overall(label: Label): Promise<number> {
    const bytes = new Uint8Array(await readFile(join(SO762_DIR, 'audio', `${label.id}.wav`)));
    const audio = await decodeAudio(bytes);
    const request = { audioUrl: 'file:', refText: label.text, scale: 5, precision: 0.01 };
    const result = await scoreAnswer(engine, 'rs', request, { ...audio, cautions: [] });
    return result.components.find((component) => component.name === 'overall')?.score ?? NaN;
  }

  it('scores answers the experts rated good above those they rated poor', async () => {
    const labels = readLabels().sort((a, b) => a.total - b.total);
    const poor = labels.slice(0, SAMPLE);
    const good = labels.slice(-SAMPLE);
    const mean = async (group: Label[]): Promise<number> => {
      let sum = 0;
      for (const label of group) sum += await overall(label);
      return sum / group.length;
    };
    expect(await mean(good)).toBeGreaterThan(await mean(poor));
  });
});

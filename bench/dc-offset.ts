/**
 * A microphone with a DC offset (a constant added to every sample), and one turned up until it
 * clips: `npx tsx bench/dc-offset.ts [readings]`. Readings of the 60 corpus-test speakers (seeded
 * draw, five words or more) are scored through decode, the audio check and the engine with the
 * shipped calibration, as recorded and with each offset added (or the gain), and compared.
 */
import type { SpeakingResult } from '../src/engine/tasks/index.js';
import { audioCautions } from '../src/engine/audio/cautions.js';
import { decodeAudio } from '../src/engine/audio/decode.js';
import { analyseQuality } from '../src/engine/audio/quality.js';
import { closeSpeechEngine, loadSpeechEngine, scoreAnswer } from '../src/engine/tasks/index.js';
import { seededRandom } from '../scripts/seeded-random.js';
import { encodeWav } from '../test/helpers/speech-fixtures.js';
import { exitUnlessCorpus, readLabels, speakerOf } from './so762-corpus.js';
import { isTestSpeaker } from './so762-split.js';
import { corpusSamples } from './so762-user-cases.js';

exitUnlessCorpus('dc offset');

const READINGS = Number(process.argv[2] ?? 30);
const OFFSETS = [0.01, 0.02, 0.05, 0.1];
/** A microphone turned up 24 dB over a reading peaking at half of full scale: hard clipping. */
const CLIP_GAIN_DB = 24;

const draw = seededRandom(11);
const labels = readLabels()
  .filter((label) => isTestSpeaker(speakerOf(label.id)) && label.text.split(' ').length >= 5)
  .map((label) => ({ label, key: draw() }))
  .sort((a, b) => a.key - b.key)
  .slice(0, READINGS)
  .map(({ label }) => label);

const bounded = (value: number): number => Math.max(-1, Math.min(1, value));
const variants: [string, (samples: Float32Array) => Float32Array][] = [
  ...OFFSETS.map((offset): [string, (samples: Float32Array) => Float32Array] => [
    `offset ${offset}`,
    (samples) => samples.map((sample) => bounded(sample + offset)),
  ]),
  [
    `clipped (+${CLIP_GAIN_DB} dB)`,
    (samples) => {
      const peak = samples.reduce((most, sample) => Math.max(most, Math.abs(sample)), 0);
      const gain = (0.5 / peak) * 10 ** (CLIP_GAIN_DB / 20);
      return samples.map((sample) => bounded(sample * gain));
    },
  ],
];

const engine = await loadSpeechEngine();
/** The reading as a WAV through decode, the audio check and the engine. */
async function scored(
  samples: Float32Array,
  refText: string,
): Promise<{ result: SpeakingResult; clipped: boolean }> {
  const audio = await decodeAudio(encodeWav(samples));
  const quality = await analyseQuality(audio);
  const request = { audioUrl: 'file:', refText, scale: 5, precision: 0.1 };
  const cautions = audioCautions(quality);
  return {
    result: await scoreAnswer(engine, 'rs', request, { ...audio, cautions }),
    clipped: quality.clipped,
  };
}
const score = (result: SpeakingResult, name: string): number =>
  result.components.find((component) => component.name === name)!.score;

const tally = new Map(variants.map(([name]) => [name, { moved: 0, content: 0, clipped: 0 }]));
for (const label of labels) {
  const samples = await corpusSamples(label.id);
  const { result: recorded } = await scored(samples, label.text);
  for (const [name, make] of variants) {
    const { result, clipped } = await scored(make(samples), label.text);
    const counts = tally.get(name)!;
    if (Math.abs(score(result, 'overall') - score(recorded, 'overall')) > 0.5) counts.moved += 1;
    if (score(result, 'score_content') !== score(recorded, 'score_content')) counts.content += 1;
    if (clipped) counts.clipped += 1;
  }
}
closeSpeechEngine(engine);

console.log(`${labels.length} corpus-test readings, scored as recorded and changed:\n`);
console.log('| Change | `overall` moved over 0.5 | Content changed | Flagged clipped |');
console.log('| --- | --- | --- | --- |');
for (const [name, counts] of tally) {
  const of = (count: number): string => `${count}/${labels.length}`;
  console.log(`| ${name} | ${of(counts.moved)} | ${of(counts.content)} | ${of(counts.clipped)} |`);
}

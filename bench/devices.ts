/**
 * What microphones and sound cards do to a recording: a DC offset (a constant added to every
 * sample), a gain that clips, two channels with one inverted or one silent, mains hum, a room's
 * echo, a click:
 * `npx tsx bench/devices.ts [readings]`. Readings of the 60 corpus-test speakers (seeded draw,
 * five words or more) are scored as a request's audio is (`scoreAudioUrl`, from a WAV file) with
 * the shipped calibration, as recorded and as each device would have recorded them, and compared.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CAUTIONS } from '../src/engine/scoring/suggestions.js';
import {
  closeSpeechEngine,
  loadSpeechEngine,
  scoreAudioUrl,
  type SpeakingResult,
} from '../src/engine/tasks/index.js';
import { audioPolicy } from '../src/server/limits.js';
import { ScoringError } from '../src/shared/contract/errors.js';
import { seededRandom } from '../scripts/seeded-random.js';
import {
  encodeStereoWav,
  encodeWav,
  inRoom,
  peakAmplitude,
  rootMeanSquare,
  type Room,
} from '../test/helpers/speech-fixtures.js';
import { exitUnlessCorpus, readLabels, speakerOf } from './so762-corpus.js';
import { isTestSpeaker } from './so762-split.js';
import { corpusSamples } from './so762-user-cases.js';

exitUnlessCorpus('devices');

const READINGS = Number(process.argv[2] ?? 30);
const OFFSETS = [0.01, 0.02, 0.05, 0.1];
/** A microphone turned up over a reading peaking at half of full scale: hard clipping. */
const CLIP_GAINS_DB = [12, 18, 24];
/** Hum from a mains-powered amplifier or an earth loop, against the reading's level. */
const HUM_DB = -20;
/** Rooms from a furnished office to a bare classroom, the microphone near or at arm's length. */
const ROOMS: Room[] = [
  { reverberationSeconds: 0.3, directToReverberantDb: 5 },
  { reverberationSeconds: 0.6, directToReverberantDb: 5 },
  { reverberationSeconds: 0.6, directToReverberantDb: 0 },
  { reverberationSeconds: 0.9, directToReverberantDb: 0 },
];

const draw = seededRandom(11);
const labels = readLabels()
  .filter((label) => isTestSpeaker(speakerOf(label.id)) && label.text.split(' ').length >= 5)
  .map((label) => ({ label, key: draw() }))
  .sort((a, b) => a.key - b.key)
  .slice(0, READINGS)
  .map(({ label }) => label);

const bounded = (value: number): number => Math.max(-1, Math.min(1, value));
const mono = (change: (samples: Float32Array) => Float32Array) => (samples: Float32Array) =>
  encodeWav(change(samples));
const SAMPLE_RATE = 16000;
const variants: [string, (samples: Float32Array) => Uint8Array][] = [
  ...OFFSETS.map((offset): [string, (samples: Float32Array) => Uint8Array] => [
    `offset ${offset}`,
    mono((samples) => samples.map((sample) => bounded(sample + offset))),
  ]),
  ...CLIP_GAINS_DB.map((gainDb): [string, (samples: Float32Array) => Uint8Array] => [
    `turned up ${gainDb} dB (clipping)`,
    mono((samples) => {
      const gain = (0.5 / peakAmplitude(samples)) * 10 ** (gainDb / 20);
      return samples.map((sample) => bounded(sample * gain));
    }),
  ]),
  [
    'two channels, one inverted',
    (samples) =>
      encodeStereoWav(
        samples,
        samples.map((sample) => -sample),
      ),
  ],
  [
    'two channels, one silent',
    (samples) => encodeStereoWav(samples, new Float32Array(samples.length)),
  ],
  [
    `mains hum (50 and 150 Hz, ${HUM_DB} dB under the reading)`,
    mono((samples) => {
      const amplitude = rootMeanSquare(samples) * 10 ** (HUM_DB / 20) * Math.SQRT2;
      const hum = (i: number, hz: number): number => Math.sin((2 * Math.PI * hz * i) / SAMPLE_RATE);
      return samples.map((sample, i) =>
        bounded(sample + amplitude * (hum(i, 50) + hum(i, 150) / 2)),
      );
    }),
  ],
  ...ROOMS.map((room): [string, (samples: Float32Array) => Uint8Array] => [
    `a room's echo (${room.reverberationSeconds} s to die away, the voice ${room.directToReverberantDb} dB over it)`,
    mono((samples) => inRoom(samples, room)),
  ]),
  [
    'a click 0.1 s in (5 ms at 0.9 of full scale)',
    mono((samples) =>
      samples.map((sample, i) => (i >= 1600 && i < 1680 ? (i % 2 ? 0.9 : -0.9) : sample)),
    ),
  ],
];

const engine = await loadSpeechEngine();
const folder = mkdtempSync(join(tmpdir(), 'devices-'));
const policy = audioPolicy([folder], false);
const cautioned = (result: SpeakingResult, caution: string): boolean =>
  result.components.some((component) => component.suggestion?.includes(caution));
/** The reading as a WAV through the whole path of a request; null when refused as no speech. */
async function scored(
  wav: Uint8Array,
  refText: string,
): Promise<{ result: SpeakingResult; clipped: boolean; noisy: boolean } | null> {
  const path = join(folder, 'answer.wav');
  writeFileSync(path, wav);
  const request = { audioUrl: pathToFileURL(path).href, refText, scale: 5, precision: 0.1 };
  try {
    const result = await scoreAudioUrl(engine, 'rs', request, policy);
    return {
      result,
      clipped: cautioned(result, CAUTIONS.clipped),
      noisy: cautioned(result, CAUTIONS.noisy),
    };
  } catch (error) {
    if (error instanceof ScoringError && error.code === 'NO_SPEECH') return null;
    throw error;
  }
}
const score = (result: SpeakingResult, name: string): number =>
  result.components.find((component) => component.name === name)!.score;

const tally = new Map(
  variants.map(([name]) => [name, { refused: 0, moved: 0, content: 0, clipped: 0, noisy: 0 }]),
);
for (const label of labels) {
  const samples = await corpusSamples(label.id);
  const recorded = (await scored(encodeWav(samples), label.text))?.result;
  if (!recorded) throw new Error(`${label.id} as recorded was refused`);
  for (const [name, make] of variants) {
    const counts = tally.get(name)!;
    const changed = await scored(make(samples), label.text);
    if (!changed) {
      counts.refused += 1;
      continue;
    }
    const { result, clipped, noisy } = changed;
    if (Math.abs(score(result, 'overall') - score(recorded, 'overall')) > 0.5) counts.moved += 1;
    if (score(result, 'score_content') !== score(recorded, 'score_content')) counts.content += 1;
    if (clipped) counts.clipped += 1;
    if (noisy) counts.noisy += 1;
  }
}
await closeSpeechEngine(engine);
rmSync(folder, { recursive: true, force: true });

console.log(`${labels.length} corpus-test readings, scored as recorded and changed:\n`);
console.log(
  '| Change | Refused (no speech) | `overall` moved over 0.5 | Content changed | Flagged clipped | Flagged noisy |',
);
console.log('| --- | --- | --- | --- | --- | --- |');
for (const [name, counts] of tally) {
  const of = (count: number): string => `${count}/${labels.length}`;
  const figures = [counts.refused, counts.moved, counts.content, counts.clipped, counts.noisy].map(
    of,
  );
  console.log(`| ${name} | ${figures.join(' | ')} |`);
}

/**
 * Where the noise caution's bar (NOISY_BELOW_SNR_DB, src/engine/audio/quality.ts) comes from:
 * the engine's signal-to-noise estimate on speechocean762 readings by corpus-train speakers,
 * alone and with babble of three other train speakers 10 and 20 dB under them (built as the
 * users bench builds its babble, from train speakers here so that no test speaker touches the
 * choice), and with white noise at 20 and 10 dB. Usage: npx tsx bench/noise-bar.ts
 */
import { decodedSamples } from '../src/engine/audio/decode.js';
import { analyseQuality } from '../src/engine/audio/quality.js';
import { withWhiteNoise } from '../test/helpers/speech-fixtures.js';
import { readLabels, speakerOf, type Label, exitUnlessCorpus } from './so762-corpus.js';
import { isTestSpeaker } from './so762-split.js';
import { corpusSamples, rms } from './so762-user-cases.js';

const EVERY = 6;
const BARS = [15, 16, 17, 18, 19, 20];

exitUnlessCorpus('noise-bar');
const train = readLabels().filter((label) => !isTestSpeaker(speakerOf(label.id)));

async function babbleOf(speaker: string, seed: number, length: number): Promise<Float32Array> {
  const mix = new Float32Array(length);
  const used = new Set<string>();
  for (let step = 0; used.size < 3; step += 1) {
    const other: Label = train[(seed * 7919 + step * 104729) % train.length]!;
    const who = speakerOf(other.id);
    if (who === speaker || used.has(who)) continue;
    used.add(who);
    const samples = await corpusSamples(other.id);
    const level = Math.max(1e-6, rms(samples));
    for (let i = 0; i < length; i += 1) mix[i]! += samples[i % samples.length]! / level;
  }
  return mix;
}

const snr: Record<string, number[]> = {};
const add = async (kind: string, samples: Float32Array): Promise<void> => {
  const quality = await analyseQuality(decodedSamples(samples));
  (snr[kind] ??= []).push(quality.snrDb ?? Infinity);
};
for (const [index, label] of train.filter((_, i) => i % EVERY === 0).entries()) {
  const reading = await corpusSamples(label.id);
  await add('reading', reading);
  if (index % 2 === 0) {
    const mix = await babbleOf(speakerOf(label.id), index, reading.length);
    for (const below of [10, 20]) {
      const gain = (rms(reading) * 10 ** (-below / 20)) / Math.max(1e-9, rms(mix));
      await add(
        `babble ${below} dB under`,
        reading.map((v, i) => v + gain * mix[i]!),
      );
    }
    for (const db of [20, 10])
      await add(`white noise ${db} dB`, withWhiteNoise(reading, db, index));
  }
}
console.log(
  `| Train-speaker recordings | n | ${BARS.map((bar) => `noisy below ${bar} dB`).join(' | ')} |`,
);
console.log(`|---|---|${BARS.map(() => '---').join('|')}|`);
for (const [kind, values] of Object.entries(snr)) {
  const shares = BARS.map(
    (bar) => `${((100 * values.filter((v) => v < bar).length) / values.length).toFixed(0)}%`,
  );
  console.log(`| ${kind} | ${values.length} | ${shares.join(' | ')} |`);
}

/**
 * Voice-activity detection measured (issue 19): Silero VAD v5 (MIT; its ONNX model ships inside
 * the npm package @ricky0123/vad-web; the engine runs its 8 kHz branch in TypeScript,
 * src/engine/audio/silero.ts) against WebRTC's detector (src/engine/audio/vad.ts), on learners'
 * readings and on music, whistles, beeps, buzz, hum, noise and babble. The score of a recording
 * is the share of its frames called speech; the refusal bar is set on train speakers' readings
 * (at most 1% of them refused) and applied to the test speakers and to every non-speech kind.
 * Then the engine's whole audio check (analyseQuality: NO_SPEECH and the noise caution) on the
 * same recordings, and its cost. Usage: npm run bench:vad (writes bench/results/vad.md);
 * skips without ../shared/so762.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyseQuality, MIN_SPEECH_SECONDS } from '../src/engine/audio/quality.js';
import { speechProbabilities } from '../src/engine/audio/silero.js';
import { speechFrames, VAD_FRAME_SECONDS } from '../src/engine/audio/vad.js';
import { decodeAudio, decodedSamples } from '../src/engine/audio/decode.js';
import { seededRandom } from '../scripts/seeded-random.js';
import { gaussian } from '../test/helpers/speech-fixtures.js';
import { caseAudio, caseOf, hum, pinkNoise, sawtoothBuzz } from './so762-cases.js';
import { readLabels, speakerOf, exitUnlessCorpus } from './so762-corpus.js';
import { rocArea } from './roc-area.js';
import { isTestSpeaker, USERS_CACHE_DIR } from './so762-split.js';
import { babbleOf, corpusSamples, music, MUSIC_KINDS, rms } from './so762-user-cases.js';

const RATE = 16000;
const SILERO_FRAME = 512;
const SILERO_SPEECH = 0.5;
const REFUSE_REAL_SHARE = 0.01;
const PER_KIND = 16;

type Detector = 'webrtc' | 'silero';

interface Sample {
  kind: string;
  speech: boolean;
  /** Held-out (test speaker or generated) or used to set the bar (train speaker). */
  role: 'bar' | 'test';
  samples: Float32Array;
}

/** The share of frames called speech, and the seconds of speech. */
async function detect(
  detector: Detector,
  samples: Float32Array,
): Promise<{ share: number; seconds: number }> {
  const frames =
    detector === 'webrtc'
      ? await speechFrames(samples)
      : speechProbabilities(samples).map((p) => p >= SILERO_SPEECH);
  const frameSeconds = detector === 'webrtc' ? VAD_FRAME_SECONDS : SILERO_FRAME / RATE;
  const speech = frames.filter(Boolean).length;
  return { share: speech / Math.max(1, frames.length), seconds: speech * frameSeconds };
}

function framed(body: Float32Array): Float32Array {
  const out = new Float32Array(body.length + RATE);
  out.set(body, RATE / 2);
  return out;
}

function whiteNoise(seconds: number, seed: number): Float32Array {
  const next = seededRandom(seed);
  return framed(Float32Array.from({ length: seconds * RATE }, () => 0.05 * gaussian(next)));
}

async function musicSamples(kind: string, seed: number): Promise<Float32Array> {
  const folder = join(USERS_CACHE_DIR, 'vad');
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${kind}-${seed}.wav`);
  await music(kind, seed, path);
  return (await decodeAudio(new Uint8Array(readFileSync(path)))).samples;
}

async function buildSamples(): Promise<Sample[]> {
  const labels = readLabels();
  const train = labels.filter((label) => !isTestSpeaker(speakerOf(label.id)));
  const test = labels.filter((label) => isTestSpeaker(speakerOf(label.id)));
  const samples: Sample[] = [];
  for (const label of train.filter((_, index) => index % 5 === 0))
    samples.push({
      kind: 'reading (train speakers)',
      speech: true,
      role: 'bar',
      samples: await corpusSamples(label.id),
    });
  for (const label of test.filter((_, index) => index % 3 === 0))
    samples.push({
      kind: 'reading (test speakers)',
      speech: true,
      role: 'test',
      samples: await corpusSamples(label.id),
    });
  // A learner who stops half-way: the speech is short, and starts the recording.
  const halves = test.flatMap((label, index) => {
    const item = index % 3 === 0 ? caseOf('half', label, test, index) : null;
    return item ? [item] : [];
  });
  for (const item of halves)
    samples.push({
      kind: 'first half of a reading (test speakers)',
      speech: true,
      role: 'test',
      samples: await caseAudio(item),
    });
  for (const [index, label] of test
    .filter((_, i) => i % 2 === 1)
    .slice(0, PER_KIND)
    .entries()) {
    const reading = await corpusSamples(label.id);
    const mix = await babbleOf(labels, speakerOf(label.id), index + 1, reading.length);
    const gain = (rms(reading) * 10 ** (-10 / 20)) / Math.max(1e-9, rms(mix));
    samples.push({
      kind: 'reading + babble 10 dB under',
      speech: true,
      role: 'test',
      samples: reading.map((v, i) => v + gain * mix[i]!),
    });
    const alone = mix.map((v) => v * gain);
    samples.push({
      kind: 'babble alone (three other learners)',
      speech: false,
      role: 'test',
      samples: framed(alone),
    });
  }
  for (let seed = 1; seed <= PER_KIND; seed += 1) {
    const kind = MUSIC_KINDS[seed % MUSIC_KINDS.length]!;
    samples.push({
      kind: kind === 'whistle-sweep' ? 'whistle sweep' : `music: ${kind}`,
      speech: false,
      role: 'test',
      samples: await musicSamples(kind, 1000 + seed),
    });
    samples.push({
      kind: 'buzz (sawtooth)',
      speech: false,
      role: 'test',
      samples: sawtoothBuzz(3, 90 + 7 * seed),
    });
    samples.push({
      kind: 'hum',
      speech: false,
      role: 'test',
      samples: hum(3, seed % 2 === 0 ? 50 : 60),
    });
    samples.push({ kind: 'pink noise', speech: false, role: 'test', samples: pinkNoise(3, seed) });
    samples.push({
      kind: 'white noise',
      speech: false,
      role: 'test',
      samples: whiteNoise(3, seed),
    });
  }
  return samples;
}

function barFor(shares: readonly number[]): number {
  const sorted = [...shares].sort((a, b) => a - b);
  return sorted[Math.floor(REFUSE_REAL_SHARE * sorted.length)] ?? 0;
}

export async function compareDetectors(
  log: (line: string) => void = console.log,
): Promise<string[]> {
  const samples = await buildSamples();
  log(`vad: ${samples.length} recordings`);
  const shares: Record<Detector, number[]> = { webrtc: [], silero: [] };
  const seconds: Record<Detector, number[]> = { webrtc: [], silero: [] };
  let audioSeconds = 0;
  const time: Record<Detector, number> = { webrtc: 0, silero: 0 };
  for (const sample of samples) {
    audioSeconds += sample.samples.length / RATE;
    for (const detector of ['webrtc', 'silero'] as const) {
      const started = performance.now();
      const found = await detect(detector, sample.samples);
      shares[detector].push(found.share);
      seconds[detector].push(found.seconds);
      time[detector] += performance.now() - started;
    }
  }
  const kinds = [...new Set(samples.map((sample) => sample.kind))];
  const checks: { silent: boolean; noisy: boolean; speechSeconds: number }[] = [];
  let checkMs = 0;
  for (const sample of samples) {
    const started = performance.now();
    const quality = await analyseQuality(decodedSamples(sample.samples));
    checkMs += performance.now() - started;
    checks.push({
      silent: quality.silent,
      noisy: quality.noisy,
      speechSeconds: quality.speechSeconds,
    });
  }
  const checkRow = (kind: string): string => {
    const of = checks.filter((_, i) => samples[i]!.kind === kind);
    const share = (count: number): string =>
      `${count}/${of.length} (${((100 * count) / Math.max(1, of.length)).toFixed(0)}%)`;
    const heard = of.map((c) => c.speechSeconds);
    return `| ${kind} | ${Math.min(...heard).toFixed(2)}–${Math.max(...heard).toFixed(2)} | ${share(of.filter((c) => c.silent).length)} | ${share(of.filter((c) => !c.silent && c.noisy).length)} |`;
  };
  const bars = {
    webrtc: barFor(shares.webrtc.filter((_, i) => samples[i]!.role === 'bar')),
    silero: barFor(shares.silero.filter((_, i) => samples[i]!.role === 'bar')),
  };
  const testSpeech = (detector: Detector): number[] =>
    shares[detector].filter((_, i) => samples[i]!.kind === 'reading (test speakers)');
  const ofKind = (detector: Detector, kind: string): number[] =>
    shares[detector].filter((_, i) => samples[i]!.kind === kind);
  const silentByRule = (detector: Detector, kind: string): string => {
    const values = seconds[detector].filter((_, i) => samples[i]!.kind === kind);
    return `${values.filter((value) => value < MIN_SPEECH_SECONDS).length}/${values.length}`;
  };
  const refused = (values: readonly number[], bar: number): string => {
    const count = values.filter((value) => value < bar).length;
    return `${count}/${values.length} (${((100 * count) / Math.max(1, values.length)).toFixed(0)}%)`;
  };
  const mean = (values: readonly number[]): string =>
    (values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)).toFixed(2);
  const nonSpeechKinds = kinds.filter(
    (kind) => !samples.find((s) => s.kind === kind)!.speech && !kind.startsWith('babble'),
  );
  const allNonSpeech = (detector: Detector): number[] =>
    nonSpeechKinds.flatMap((kind) => ofKind(detector, kind));
  return [
    '## Voice-activity detection: WebRTC (today) against Silero VAD v5',
    '',
    `Score of a recording: the share of its frames called speech (WebRTC: the engine's \`speechFrames\`, 30 ms frames, aggressive mode, smoothed; Silero: probability ≥ ${SILERO_SPEECH} per 32 ms frame). Bar: set on ${shares.webrtc.filter((_, i) => samples[i]!.role === 'bar').length} train speakers' readings so that at most ${100 * REFUSE_REAL_SHARE}% are refused (WebRTC ${bars.webrtc.toFixed(3)}, Silero ${bars.silero.toFixed(3)}); everything below is held out. Model: @ricky0123/vad-web/dist/silero_vad_v5.onnx (MIT, Silero Team; package ISC), its 8 kHz branch run by the engine in TypeScript. Time: ${(time.webrtc / 1000 / audioSeconds).toFixed(4)} s (WebRTC) and ${(time.silero / 1000 / audioSeconds).toFixed(4)} s (Silero, with the resampling to 8 kHz) per second of audio, one core.`,
    '',
    `| Recordings | n | Mean speech share WebRTC | Silero | ROC area vs test readings WebRTC | Silero | Refused at the bar WebRTC | Silero | Under ${MIN_SPEECH_SECONDS} s of speech (the NO_SPEECH rule) WebRTC | Silero |`,
    '|---|---|---|---|---|---|---|---|---|---|',
    ...kinds.map((kind) => {
      const isSpeech = samples.find((s) => s.kind === kind)!.speech;
      const auc = (detector: Detector): string =>
        isSpeech ? '' : rocArea(testSpeech(detector), ofKind(detector, kind)).toFixed(3);
      return `| ${kind} | ${ofKind('webrtc', kind).length} | ${mean(ofKind('webrtc', kind))} | ${mean(ofKind('silero', kind))} | ${auc('webrtc')} | ${auc('silero')} | ${refused(ofKind('webrtc', kind), bars.webrtc)} | ${refused(ofKind('silero', kind), bars.silero)} | ${silentByRule('webrtc', kind)} | ${silentByRule('silero', kind)} |`;
    }),
    `| all non-speech but babble | ${allNonSpeech('webrtc').length} | ${mean(allNonSpeech('webrtc'))} | ${mean(allNonSpeech('silero'))} | ${rocArea(testSpeech('webrtc'), allNonSpeech('webrtc')).toFixed(3)} | ${rocArea(testSpeech('silero'), allNonSpeech('silero')).toFixed(3)} | ${refused(allNonSpeech('webrtc'), bars.webrtc)} | ${refused(allNonSpeech('silero'), bars.silero)} | | |`,
    '',
    'Goal (issue 19): non-speech refused or unscorable in ≥ 95%; the readings (test speakers, and under babble) refused in about 1%. Babble alone is speech of other people: no VAD can call it non-speech; it is listed to show what the signal-to-noise estimate must handle.',
    '',
    "## The engine's audio check (`analyseQuality`): NO_SPEECH and the noise caution",
    '',
    `Speech: Silero's frames (probability ≥ 0.5, above −55 dBFS; a quiet recording lifted first, src/engine/audio/vad.ts's forDetectors); NO_SPEECH under ${MIN_SPEECH_SECONDS} s of them. Noisy: the sub-band noise floor over the speech (src/engine/audio/noise.ts) less than the bar below the speech. Cost of the whole check: ${(checkMs / 1000 / audioSeconds).toFixed(4)} s per second of audio, one core.`,
    '',
    '| Recordings | Speech heard (s), least–most | Refused (NO_SPEECH) | Scored with the noise caution |',
    '|---|---|---|---|',
    ...kinds.map(checkRow),
  ];
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  exitUnlessCorpus('bench:vad');
  const lines = await compareDetectors();
  writeFileSync(
    new URL('./results/vad.md', import.meta.url),
    `# Voice-activity detection\n\nDate: ${new Date().toISOString().slice(0, 10)}. Command: \`npm run bench:vad\`.\n\n${lines.join('\n')}\n`,
  );
  console.log(lines.join('\n'));
}

/**
 * Readings with a floor far quieter than the acoustic model heard in training: 10 sentences
 * read by four espeak-ng voices, each with 0.5 s before and after it of exact digital silence
 * (a noise gate, an editor's padding), of the quiet sox writes when it pads a resampled file,
 * or of a quiet room's floor under the whole reading (a headset in a quiet room: uniform noise
 * at −65 or −80 dBFS RMS), scored as Repeat Sentence against their own sentence and against
 * the next one (`scoreAudioUrl`: the HTTP route minus the HTTP layer, shipped calibration).
 * Usage: npx tsx bench/digital-silence.ts (needs espeak-ng and sox; no corpus).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadSpeechEngine, scoreAudioUrl, type SpeechEngine } from '../src/engine/tasks/index.js';
import { decodeAudio } from '../src/engine/audio/decode.js';
import {
  edit,
  encodeWav,
  missingToolsReason,
  synthesizeSpeech,
  uniformNoise,
} from '../test/helpers/speech-fixtures.js';
import { audioPolicy } from '../src/server/limits.js';

const SENTENCES = [
  'The students finished their project before the deadline',
  'My brother plays football with his friends every Sunday',
  'The museum will be closed for repairs until next spring',
  'Scientists have found water on the surface of a distant planet',
  'Please remember to switch off the lights when you leave',
  'The library offers free language classes for new residents',
  'Heavy rain caused delays on most of the trains this morning',
  'Our teacher asked us to read two chapters before the exam',
  'The company plans to open three new offices next year',
  'Fresh vegetables are sold at the market every weekend',
];
const VOICES = ['en-us', 'en-us+f2', 'en-gb', 'en-us+m3'];
const WORDS_PER_MINUTE = 149;
/**
 * What is around (and under) the reading: exact zeros; the quiet sox writes when it pads a
 * resampled file (its dither, about −97 dBFS); or exact zeros with a room's floor of this RMS
 * in dBFS under all of it.
 */
const FLOORS = ['zeros', 'dithered', -65, -80] as const;
const PAD_SECONDS = 0.5;

const POLICY = audioPolicy([tmpdir()], false);

type Outcome = 'full content' | 'content 2' | 'content 1' | 'held' | 'refused';

async function outcome(engine: SpeechEngine, path: string, refText: string): Promise<Outcome> {
  const request = { audioUrl: pathToFileURL(path).href, refText, scale: 5, precision: 0.1 };
  const result = await scoreAudioUrl(engine, 'rs', request, POLICY);
  const content = result.components.find((c) => c.name === 'score_content')!;
  if (content.status === 2) return 'refused';
  if (content.status === 1) return 'held';
  return content.score === 3 ? 'full content' : (`content ${content.score}` as Outcome);
}

async function main(): Promise<void> {
  const missing = missingToolsReason();
  if (missing) {
    console.log(`digital-silence bench skipped: ${missing}`);
    return;
  }
  const engine = await loadSpeechEngine();
  const folder = mkdtempSync(join(tmpdir(), 'digital-silence-'));
  const tallies = new Map(
    FLOORS.map((floor) => [
      floor,
      { right: new Map<Outcome, number>(), wrong: new Map<Outcome, number>() },
    ]),
  );
  try {
    for (const [index, sentence] of SENTENCES.entries()) {
      for (const voice of VOICES) {
        const reading = await synthesizeSpeech(sentence, {
          voice,
          wordsPerMinute: WORDS_PER_MINUTE,
        });
        const zeros = withZerosAround((await decodeAudio(reading)).samples);
        const other = SENTENCES[(index + 1) % SENTENCES.length]!;
        for (const floor of FLOORS) {
          const path = join(folder, `${index}-${voice}-${floor}.wav`);
          writeFileSync(
            path,
            floor === 'zeros'
              ? encodeWav(zeros)
              : floor === 'dithered'
                ? await edit(reading, ['rate', '16000', 'pad', `${PAD_SECONDS}`, `${PAD_SECONDS}`])
                : encodeWav(withFloor(zeros, floor, index)),
          );
          const tally = tallies.get(floor)!;
          for (const [kind, refText] of [
            ['right', sentence],
            ['wrong', other],
          ] as const) {
            const found = await outcome(engine, path, refText);
            tally[kind].set(found, (tally[kind].get(found) ?? 0) + 1);
          }
        }
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const readings = SENTENCES.length * VOICES.length;
  for (const [floor, tally] of tallies) {
    for (const [kind, counts] of Object.entries(tally)) {
      const parts = [...counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`);
      const around = typeof floor === 'string' ? floor : `a ${floor} dBFS floor`;
      console.log(`${around}, ${kind} sentence (${readings} readings): ${parts.join(', ')}`);
    }
  }
}

/** The reading (16 kHz) with `PAD_SECONDS` of exact zeros before and after it. */
function withZerosAround(voice: Float32Array): Float32Array {
  const pad = Math.round(PAD_SECONDS * 16000);
  const out = new Float32Array(voice.length + 2 * pad);
  out.set(voice, pad);
  return out;
}

/** The samples with a room's floor of `dbfs` RMS under all of them. */
function withFloor(samples: Float32Array, dbfs: number, seed: number): Float32Array {
  const floor = uniformNoise(samples.length, dbfs, seed + 1);
  return samples.map((value, i) => value + floor[i]!);
}

await main();

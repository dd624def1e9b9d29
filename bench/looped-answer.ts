/**
 * The exam-mode key-point test's answer (test/e2e/key-point-marks.spec.ts) as the engine gets
 * it: Chromium's synthetic microphone loops the recording, and the exam's window starts
 * anywhere in the loop. Every 0.1 s of the loop is taken as the start of an answer, scored
 * in-process as WAV and, where ffmpeg is installed, after an Opus round trip (as Chromium
 * records); printed: how many answers heard each key point.
 *
 *   npx tsx bench/looped-answer.ts [--seconds 14] [--one-sentence]
 *
 * `--one-sentence` says the retelling as one sentence (its two joined with "and"), as the test
 * did before 2026-11-27.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeAudio } from '../src/engine/audio/decode.js';
import { closeSpeechEngine, loadSpeechEngine, scoreAnswer } from '../src/engine/tasks/index.js';
import { spokenLoopWav } from '../test/e2e/support/spoken-microphone.js';
import {
  ECONOMY_LECTURE,
  ECONOMY_RETELLING,
  EXAMINER_KEYWORDS,
} from '../test/helpers/examiner-keywords.js';
import { REPEATABLE_SOX_ENV } from '../test/helpers/repeatable-sox.js';
import { option } from './command-line.js';

const RATE = 16000;
const STEP_SECONDS = 0.1;

function answerSentences(): string[] {
  if (!process.argv.includes('--one-sentence')) return [...ECONOMY_RETELLING];
  const [first, second] = ECONOMY_RETELLING;
  return [`${first!.replace(/\.$/u, ',')} ${second!.replace(/^And/u, 'and')}`];
}

/** The loop's samples as WAV and, with ffmpeg, after Opus at 48 kb/s. */
async function loops(wav: string): Promise<Array<[string, Float32Array]>> {
  const decoded = async (path: string) =>
    (await decodeAudio(new Uint8Array(readFileSync(path)))).samples;
  const variants: Array<[string, Float32Array]> = [['WAV', await decoded(wav)]];
  const opus = join(mkdtempSync(join(tmpdir(), 'examiner-looped-')), 'loop.webm');
  const args = ['-y', '-loglevel', 'error', '-i', wav, '-c:a', 'libopus', '-b:a', '48k', opus];
  const encoded = spawnSync('ffmpeg', args);
  if (encoded.status === 0) variants.push(['Opus', await decoded(opus)]);
  else console.log('ffmpeg is not installed: the Opus round trip is left out.');
  return variants;
}

Object.assign(process.env, REPEATABLE_SOX_ENV);
const seconds = Number(option('--seconds') ?? 14);
const wav = spokenLoopWav(answerSentences());
if (!wav) {
  console.log('Skipped: espeak-ng and sox are needed to speak the answer.');
  process.exit(0);
}
const engine = await loadSpeechEngine();
console.log(`Answers of ${seconds} s, "${answerSentences().join(' ')}" looped:`);
for (const [name, loop] of await loops(wav)) {
  const heard = EXAMINER_KEYWORDS.map(() => 0);
  let answers = 0;
  for (let offset = 0; offset < loop.length; offset += Math.round(STEP_SECONDS * RATE)) {
    const samples = Float32Array.from(
      { length: seconds * RATE },
      (_, index) => loop[(offset + index) % loop.length]!,
    );
    const request = {
      audioUrl: 'file:',
      refText: ECONOMY_LECTURE,
      keywords: EXAMINER_KEYWORDS,
      scale: 5,
      precision: 0.1,
    };
    const result = await scoreAnswer(engine, 'rl', request, {
      samples,
      durationSeconds: seconds,
      cautions: [],
    });
    result.keyPoints!.forEach((point, index) => (heard[index]! += point.heard ? 1 : 0));
    answers += 1;
  }
  const counts = EXAMINER_KEYWORDS.map((keyword, index) => `${keyword} ${heard[index]}`);
  console.log(`${name}, ${answers} answers: heard ${counts.join('; ')}`);
}
await closeSpeechEngine(engine);

/**
 * A Retell Lecture answer that says one of the lecture's words six times must earn no content.
 * Each word is said by espeak-ng, and each answer is scored in variants that differ only in a
 * one-step (16-bit) dither, as two recordings of the same sound would.
 * Usage: npx tsx bench/repeated-keyword.ts (needs espeak-ng and sox; no corpus).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeAudio } from '../src/engine/audio/decode.js';
import { closeSpeechEngine, loadSpeechEngine, scoreAnswer } from '../src/engine/tasks/index.js';
import { GLACIER_LECTURE } from '../test/helpers/glacier-lecture.js';
import { seededRandom } from '../scripts/seeded-random.js';

/** The lecture of test/integration/free-speech-http.test.ts. */
const LECTURE = GLACIER_LECTURE.join(' ');
const WORDS: Array<[string, number]> = [
  ['glaciers', 20],
  ['satellites', 6],
  ['carbon', 6],
  ['melting', 6],
  ['floods', 6],
  ['scientists', 6],
];

const dir = mkdtempSync(join(tmpdir(), 'examiner-repeated-'));
const engine = await loadSpeechEngine();
try {
  for (const [word, variants] of WORDS) {
    const raw = join(dir, 'raw.wav');
    const wav = join(dir, 'answer.wav');
    const text = `${Array<string>(6).fill(word).join(' ')}.`;
    execFileSync('espeak-ng', ['-v', 'en-us+f2', '-s', '149', '-w', raw, '--', text]);
    execFileSync('sox', ['-R', '-D', raw, '-r', '16000', '-b', '16', wav, 'pad', '0.3', '0.7']);
    const { samples } = await decodeAudio(new Uint8Array(readFileSync(wav)));
    const random = seededRandom(variants);
    const contents: number[] = [];
    for (let variant = 0; variant < variants; variant += 1) {
      // Triangular dither of one 16-bit step, then back to 16-bit values.
      const dithered = samples.map(
        (sample) => Math.round(sample * 32768 + random() - random()) / 32768,
      );
      const result = await scoreAnswer(
        engine,
        'rl',
        { audioUrl: 'file:', refText: LECTURE, scale: 5, precision: 0.01 },
        {
          samples: dithered,
          durationSeconds: dithered.length / 16000,
          cautions: [],
        },
      );
      contents.push(result.components.find((c) => c.name === 'score_content')?.score ?? NaN);
    }
    const above = contents.filter((content) => content > 0).length;
    console.log(
      `"${word}" ×6: content above 0 in ${above} of ${variants} (${contents.join(', ')})`,
    );
  }
} finally {
  await closeSpeechEngine(engine);
  rmSync(dir, { recursive: true, force: true });
}

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A WAV for Chromium's synthetic microphone: `text` spoken by espeak-ng, then `gapSeconds` of
 * silence; Chromium plays it over and over. Null when espeak-ng or sox is missing.
 */
export function spokenLoopWav(text: string, gapSeconds = 0.8): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'examiner-e2e-speech-'));
  const raw = join(dir, 'raw.wav');
  const wav = join(dir, 'speech.wav');
  if (spawnSync('espeak-ng', ['-v', 'en-us', '-s', '140', '-w', raw, text]).status !== 0) {
    return null;
  }
  const padded = spawnSync('sox', [
    raw,
    '-r',
    '48000',
    '-b',
    '16',
    wav,
    'pad',
    '0',
    String(gapSeconds),
  ]);
  return padded.status === 0 && existsSync(wav) ? wav : null;
}

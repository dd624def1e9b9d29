import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { processTempDir } from '../../helpers/temp-dir';

/** A real microphone's floor under the voice: pink noise about 60 dB under full scale. */
const ROOM_FLOOR_VOLUME = '0.002';

/**
 * A WAV for Chromium's synthetic microphone: each of `sentences` spoken by espeak-ng and
 * followed by `gapSeconds` of pause (one for all, or one for each sentence), over a quiet
 * room's noise as a microphone picks it up (a file of digital silence is nothing a candidate's
 * microphone gives). Chromium plays it over and over from the moment the page opens the
 * microphone (the same file on every run: playwright.config.ts seeds sox). `microphone.gainDb`
 * turns all of it down, voice and room alike, as a microphone's input gain does;
 * `microphone.dcOffset` adds a constant to every sample, as some sound cards do;
 * `microphone.invertedPair` records it in stereo with the right channel's polarity inverted, as a
 * microphone pair wired out of phase does. Null when espeak-ng or sox is missing.
 */
export function spokenLoopWav(
  sentences: string | readonly string[],
  gapSeconds: number | readonly number[] = 0.8,
  {
    gainDb = 0,
    dcOffset = 0,
    invertedPair = false,
  }: { gainDb?: number; dcOffset?: number; invertedPair?: boolean } = {},
): string | null {
  const dir = processTempDir('examiner-e2e-speech-');
  const voice = join(dir, 'voice.wav');
  const room = join(dir, 'room.wav');
  const wav = join(dir, 'speech.wav');
  const parts = [sentences].flat().map((text, index) => ({
    text,
    gap: typeof gapSeconds === 'number' ? gapSeconds : gapSeconds[index]!,
    raw: join(dir, `raw-${index}.wav`),
    padded: join(dir, `part-${index}.wav`),
  }));
  const steps: string[][] = [
    ...parts.flatMap(({ text, gap, raw, padded }) => [
      ['espeak-ng', '-v', 'en-us', '-s', '140', '-w', raw, text],
      ['sox', raw, '-r', '48000', '-b', '16', padded, 'pad', '0', String(gap)],
    ]),
    ['sox', ...parts.map((part) => part.padded), voice],
  ];
  for (const [command, ...args] of steps) {
    if (spawnSync(command!, args).status !== 0) return null;
  }
  const seconds = spawnSync('sox', ['--i', '-D', voice], { encoding: 'utf8' }).stdout.trim();
  const noise = ['-n', '-r', '48000', '-b', '16', room, 'synth', seconds, 'pinknoise'];
  if (spawnSync('sox', [...noise, 'vol', ROOM_FLOOR_VOLUME]).status !== 0) return null;
  const gain = String(10 ** (gainDb / 20));
  const offset = dcOffset === 0 ? [] : ['dcshift', String(dcOffset)];
  const channels = invertedPair ? ['remix', '1', '1i'] : [];
  const mixed = spawnSync('sox', [
    '-m',
    ...['-v', gain, voice, '-v', gain, room, wav],
    ...offset,
    ...channels,
  ]);
  return mixed.status === 0 && existsSync(wav) ? wav : null;
}

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestInfo } from '@playwright/test';
import { expect, screenshotPath, test, type ExaminerApp } from './fixtures';
import { FAST, openScore } from './support/exam';
import { CHROMIUM_ARGS, FAKE_MICROPHONE_ARGS, chromiumPath } from './support/environment';
import { tapMicrophone, throughMicrophoneStalls } from './support/microphone-tap';

// ---- Silence: a microphone that speaks, then falls silent (or back to its room's noise). ----

// Every process that loads this file (the runner listing the tests, each worker) makes its own.
const workDir = mkdtempSync(join(tmpdir(), 'examiner-e2e-silence-'));
process.once('exit', () => rmSync(workDir, { recursive: true, force: true }));
const speechFile = join(workDir, 'speech.wav');
const spoken = spawnSync('espeak-ng', [
  '-v',
  'en-us',
  '-s',
  '140',
  '-w',
  speechFile,
  'Gas is the largest source of electricity, followed by wind, then coal and solar, and hydro is the smallest of all.',
]);
const haveSpeech = spoken.status === 0 && existsSync(speechFile);
const haveSox = spawnSync('sox', ['--version']).status === 0;

/** Longer than preparation plus the 40 s answer: the room's noise never runs out mid-answer. */
const ROOM_SECONDS = 50;
const RESPONSE_SECONDS = 40;
// The recorder hears about 5 s of the sentence after preparation, then 2 s of the room's floor.
const ANSWER_STOPS_BY_SECONDS = 15;

/** The RMS level of a sound file in dBFS, as sox measures it. */
function rmsDb(file: string): number {
  const { stderr } = spawnSync('sox', [file, '-n', 'stats'], { encoding: 'utf8' });
  const match = /RMS lev dB\s+(-?[\d.]+)/u.exec(stderr);
  if (!match) throw new Error(`sox could not measure ${file}: ${stderr}`);
  return Number(match[1]);
}

function sox(args: string[]): void {
  const { status, stderr } = spawnSync('sox', args, { encoding: 'utf8' });
  if (status !== 0) throw new Error(`sox ${args.join(' ')} failed: ${stderr}`);
}

/** The speech at `speechDb` RMS, then nothing, over pink noise at `floorDb` RMS throughout. */
function speechInRoom(name: string, speechDb: number, floorDb: number): string {
  const rawNoise = join(workDir, `${name}-raw-noise.wav`);
  const noise = join(workDir, `${name}-noise.wav`);
  const speech = join(workDir, `${name}-speech.wav`);
  const mixed = join(workDir, `${name}.wav`);
  sox([
    '-n',
    '-r',
    '22050',
    '-c',
    '1',
    '-b',
    '16',
    rawNoise,
    'synth',
    `${ROOM_SECONDS}`,
    'pinknoise',
  ]);
  sox([rawNoise, noise, 'vol', `${floorDb - rmsDb(rawNoise)}dB`]);
  sox([speechFile, speech, 'vol', `${speechDb - rmsDb(speechFile)}dB`]);
  sox(['-m', '-v', '1', speech, '-v', '1', noise, '-b', '16', mixed]);
  return mixed;
}

/**
 * What the fake microphone plays: each test puts its sound here before it opens the
 * microphone (Chromium reads the file when the capture starts), since the launch options,
 * which name the file, can only be set once per file.
 */
const microphoneFile = join(workDir, 'microphone.wav');

/** Runs a Describe Image item with a long answer window, which silence must end early. */
async function answerStopsAfterSilence(
  app: ExaminerApp,
  testInfo: TestInfo,
  sound: string,
  shots: string,
) {
  copyFileSync(sound, microphoneFile);
  const { page } = app;
  await tapMicrophone(page);
  // A long answer window: only silence can end this answer early.
  await openScore(app, 'Ines Duarte', {
    ...FAST,
    di: { leadInSeconds: 0, prepSeconds: 3, responseSeconds: RESPONSE_SECONDS },
  });
  await page.getByLabel('Candidate').selectOption({ label: 'Ines Duarte' });
  await page.getByLabel('Item').selectOption({ label: 'Sample DI 1: energy sources (bar chart)' });
  const view = page.getByRole('region', { name: "Candidate's view" });
  const status = view.getByRole('status');
  await view.getByRole('button', { name: 'Start the item' }).click();
  await expect(status).toHaveText(/Prepare: recording begins in \d s/u);
  await page.screenshot({ path: screenshotPath(testInfo, `${shots}-preparation`) });
  await expect(status).toHaveText(/Recording… \d+ s left/u, { timeout: 10_000 });
  await page.screenshot({ path: screenshotPath(testInfo, `${shots}-recording`) });
  const saved = status.filter({ hasText: /Answer saved: [\d.]+ s recorded/u });
  await throughMicrophoneStalls(view, saved, 30_000);
  await expect(status).toHaveText(/Recording stopped after silence/u);
  await page.screenshot({ path: screenshotPath(testInfo, `${shots}-stopped-after-silence`) });
  const { rows } = await app.call('attempts.list', {});
  expect(rows[0]).toMatchObject({ task: 'di' });
  const recorded = /Answer saved: ([\d.]+) s recorded/u.exec((await status.textContent()) ?? '');
  const seconds = Number(recorded?.[1]);
  testInfo.annotations.push({ type: 'recorded', description: `${seconds} s` });
  expect(seconds).toBeLessThan(ANSWER_STOPS_BY_SECONDS);
}

test.use({
  launchOptions: {
    executablePath: chromiumPath() ?? undefined,
    args: [
      ...CHROMIUM_ARGS,
      ...FAKE_MICROPHONE_ARGS,
      `--use-file-for-fake-audio-capture=${microphoneFile}%noloop`,
    ],
  },
});

test('the preparation countdown runs, then recording stops by itself after silence', async ({
  app,
}, testInfo) => {
  test.skip(app.host === 'electron', 'Electron offers no synthetic microphone');
  test.skip(!haveSpeech, 'espeak-ng is not installed, so no speech to feed the microphone');
  await answerStopsAfterSilence(app, testInfo, speechFile, 'di');
});

// Without gain control a laptop's built-in microphone gives speech about this quiet (-42 dBFS).
const ROOMS = [
  { name: 'quiet', title: 'a quiet microphone', speechDb: -42, floorDb: -70 },
  { name: 'noisy', title: 'a noisy room', speechDb: -21, floorDb: -38 },
];

for (const { name, title, speechDb, floorDb } of ROOMS) {
  test(`${title}: speech at ${speechDb} dBFS over a ${floorDb} dBFS floor stops after silence`, async ({
    app,
  }, testInfo) => {
    test.skip(app.host === 'electron', 'Electron offers no synthetic microphone');
    test.skip(!haveSpeech || !haveSox, 'espeak-ng or sox is not installed');
    const sound = speechInRoom(name, speechDb, floorDb);
    await answerStopsAfterSilence(
      app,
      testInfo,
      sound,
      `di-${title.replace(/^a /u, '').replace(/ /gu, '-')}`,
    );
  });
}

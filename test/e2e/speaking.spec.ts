import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, screenshotPath, test } from './fixtures';
import { recordFreeAnswer } from './support/exam';
import { fakeMicrophoneFrom } from './support/environment';
import { processTempDir } from '../helpers/temp-dir';

const SENTENCE = 'The library opens at nine on weekdays';

/**
 * Speech made with espeak-ng, padded with silence, that Chromium's synthetic microphone plays
 * in place of a candidate: the whole path from the Score page's recorder to the engine's words.
 */
function spokenSentenceWav(): string | null {
  const dir = processTempDir('examiner-e2e-speech-');
  const speech = join(dir, 'speech.wav');
  const padded = join(dir, 'padded.wav');
  const say = spawnSync('espeak-ng', ['-v', 'en-us+f2', '-s', '140', '-w', speech, SENTENCE]);
  if (say.status !== 0) return null;
  const pad = spawnSync('sox', [speech, '-r', '48000', '-b', '16', padded, 'pad', '1', '8']);
  return pad.status === 0 ? padded : null;
}

const wav = spokenSentenceWav();

test.use({ launchOptions: fakeMicrophoneFrom(wav) });

test('a spoken Repeat Sentence answer is recorded, scored by the embedded engine and shown word by word', async ({
  app,
}, testInfo) => {
  test.skip(!wav, 'espeak-ng and sox are needed to speak the answer');
  const { page } = app;
  await app.call('candidates.create', { name: 'Ana Souza' });
  await app.call('items.create', { task: 'rs', title: 'Library hours', refText: `${SENTENCE}.` });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Score' })
    .click();
  await page.getByLabel('Candidate').selectOption({ label: 'Ana Souza' });
  await page.getByLabel('Item').selectOption({ label: 'Library hours' });
  await page.getByLabel('Free recording (no exam timing)').check();
  await recordFreeAnswer(page, 5, 15_000);
  await page.getByRole('button', { name: 'Submit for scoring' }).click();

  const latest = page.getByRole('region', { name: 'Latest attempt' });
  await expect(latest.getByText(/^Scored/)).toBeVisible({ timeout: 120_000 });
  await page.screenshot({ path: screenshotPath(testInfo, 'score-rs-result'), fullPage: true });

  const [attempt] = (await app.call('attempts.list', {})).rows;
  expect(attempt?.status).toBe('scored');
  // The whole sentence, said once and clearly, is heard in order: content 3 of 3.
  expect(attempt?.scores.content).toBe(3);
  const detail = await app.call('attempts.get', { id: attempt!.id });
  const words = (
    JSON.parse(detail.responseJson!) as {
      data: { words: { word: string; label: string; start: number; end: number }[] };
    }
  ).data.words.filter((word) => word.label !== 'Pause');
  expect(words.map((word) => word.word)).toEqual(SENTENCE.split(' '));
  expect(words.filter((word) => word.label === 'Missing')).toEqual([]);
  const transcript = latest.getByLabel('Transcript', { exact: true });
  await expect(transcript.getByText('weekdays', { exact: true })).toBeVisible();

  // Every score on the result carries its maximum.
  const cards = latest.getByLabel('Scores', { exact: true }).locator('dd');
  await expect(cards).toHaveCount(4);
  for (const text of await cards.allTextContents()) expect(text).toMatch(/ \/ \d/u);

  // The player knows the recording's real length: the audio element's duration, from the
  // WebM saved with one, agrees with the length of the decoded audio.
  const player = latest.getByLabel('Recording', { exact: true });
  await expect
    .poll(() => player.evaluate((audio) => (audio as AudioLike).duration))
    .toBeGreaterThan(1);
  const stored = await app.call('attempts.audio', { id: attempt!.id });
  const lengths = await player.evaluate(async (element, base64) => {
    const audio = element as AudioLike;
    const text = atob(base64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
    const { OfflineAudioContext } = globalThis as unknown as { OfflineAudioContext: OfflineLike };
    const decoded = await new OfflineAudioContext(1, 1, 8000).decodeAudioData(bytes.buffer);
    return { media: audio.duration, decoded: decoded.duration };
  }, stored.base64);
  expect(Number.isFinite(lengths.media)).toBe(true);
  expect(Math.abs(lengths.media - lengths.decoded)).toBeLessThan(0.3);
  expect(Math.abs(lengths.media * 1000 - (attempt?.audioDurationMs ?? 0))).toBeLessThan(300);

  // A waveform is drawn.
  const inked = await latest.getByRole('img', { name: 'Waveform' }).evaluate((canvas) => {
    const surface = canvas as CanvasLike;
    const pixels = surface.getContext('2d').getImageData(0, 0, surface.width, surface.height).data;
    let count = 0;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) count += 1;
    return count;
  });
  expect(inked).toBeGreaterThan(500);

  // Clicking the fifth word plays from its start.
  const fifth = words[4]!;
  await player.evaluate((element) => {
    const audio = element as AudioLike & { seekedTo?: number };
    audio.addEventListener('seeking', () => (audio.seekedTo ??= audio.currentTime));
  });
  await transcript.getByRole('button', { name: fifth.word, exact: true }).click();
  // The media element fires `seeking` from a task of its own, after the click has returned.
  const seekedTo = () =>
    player.evaluate((element) => (element as AudioLike & { seekedTo?: number }).seekedTo ?? null);
  await expect.poll(seekedTo).not.toBeNull();
  expect(Math.abs((await seekedTo())! - fifth.start / 1000)).toBeLessThan(0.3);
  // Just that word: playback stops at its end.
  await expect
    .poll(() => player.evaluate((element) => (element as AudioLike & { paused: boolean }).paused))
    .toBe(true);
  const stoppedAt = await player.evaluate((element) => (element as AudioLike).currentTime);
  expect(stoppedAt).toBeGreaterThanOrEqual(fifth.end / 1000 - 0.05);
  expect(stoppedAt).toBeLessThan(fifth.end / 1000 + 0.3);
  await page.screenshot({ path: screenshotPath(testInfo, 'score-rs-player'), fullPage: true });

  // History: the overall with its maximum; the examiner's mark kept beside the engine's.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'History' })
    .click();
  const row = page.getByRole('row', { name: /Ana Souza/ });
  await expect(row.getByText(/^\d+(\.\d+)? \/ 5$/u)).toBeVisible();
  await row.getByRole('button', { name: 'Open' }).click();
  const view = page.getByRole('dialog', { name: 'Ana Souza · Library hours' });
  await expect(view.getByRole('img', { name: 'Waveform' })).toHaveAttribute('data-drawn', 'true');
  const mark = view.getByRole('region', { name: "Examiner's mark" });
  await mark.getByLabel('Overall').fill('1');
  await mark.getByLabel('Comment').fill('Hesitant; several words unclear.');
  await mark.getByRole('button', { name: 'Save my marks' }).click();
  await expect(mark.getByTestId('final-mark')).toContainText('1 / 5');
  await expect(mark.getByTestId('final-mark')).toContainText('the examiner’s');
  const marked = await app.call('attempts.get', { id: attempt!.id });
  expect(marked.mark).toMatchObject({
    confirmed: false,
    comment: 'Hesitant; several words unclear.',
  });
  expect(marked.mark?.scores.overall).toBe(1);
  expect(marked.scores.overall).toBe(attempt?.scores.overall);
  await page.screenshot({
    path: screenshotPath(testInfo, 'history-examiner-mark'),
    fullPage: true,
  });
  await view.getByRole('button', { name: 'Close' }).click();

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Moderation' })
    .click();
  const agreement = page.getByRole('table', { name: 'Agreement' });
  const difference = Math.round((1 - (attempt?.scores.overall ?? 0)) * 100) / 100;
  await expect(agreement.getByRole('row', { name: /Repeat Sentence Overall/ })).toContainText(
    difference > 0 ? `+${difference}` : String(difference),
  );
  await expect(page.getByRole('img', { name: /Engine against examiner/ })).toBeVisible();
  await page.screenshot({ path: screenshotPath(testInfo, 'moderation'), fullPage: true });
});

/** Browser objects, typed here because the tests compile without the DOM library. */
interface AudioLike {
  src: string;
  duration: number;
  currentTime: number;
  addEventListener(event: string, listener: () => void): void;
}
interface CanvasLike {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  };
}
type OfflineLike = new (
  channels: number,
  length: number,
  rate: number,
) => { decodeAudioData(bytes: ArrayBuffer): Promise<{ duration: number }> };

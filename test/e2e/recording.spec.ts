import { expect, screenshotPath, test } from './fixtures';
import { fakeMicrophoneFrom } from './support/environment';
import { expectScored } from './support/outcome';
import { spokenLoopWav } from './support/spoken-microphone';

const SENTENCE = 'Please hand in your essays by Friday.';
// Chromium's synthetic microphone stands in for a real one, saying the sentence over and over.
const wav = spokenLoopWav(SENTENCE);
test.use({ launchOptions: fakeMicrophoneFrom(wav) });

test('a spoken answer is recorded, submitted and kept with its audio', async ({
  app,
}, testInfo) => {
  test.skip(!wav, 'espeak-ng and sox are needed to speak the answer');
  const { page } = app;
  await app.call('candidates.create', { name: 'Mei Chen' });
  await app.call('items.create', { task: 'rs', title: 'Sentence 4', refText: SENTENCE });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Score' })
    .click();
  await page.getByLabel('Candidate').selectOption({ label: 'Mei Chen' });
  await page.getByLabel('Item').selectOption({ label: 'Sentence 4' });
  await page.getByLabel('Free recording (no exam timing)').check();
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByRole('button', { name: 'Stop recording' })).toBeVisible();
  await expect(page.getByLabel('Recording time')).toHaveText('0:02', { timeout: 10_000 });
  // Free recording shows its limit as it runs.
  await expect(page.getByLabel('Recording limit')).toHaveText('of 3:00 at most');
  await page.screenshot({ path: screenshotPath(testInfo, 'score-recording') });
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByLabel('Recorded answer')).toBeVisible();
  await page.getByRole('button', { name: 'Submit for scoring' }).click();

  const latest = page.getByRole('region', { name: 'Latest attempt' });
  await expect(latest).toContainText('Mei Chen · Sentence 4');
  const [attempt] = (await app.call('attempts.list', {})).rows;
  expect(attempt?.task).toBe('rs');
  const audio = await app.call('attempts.audio', { id: attempt!.id });
  expect(audio.mimeType).toMatch(/^audio\/webm/);
  expect(audio.base64.length).toBeGreaterThan(1000);
  await expectScored(app, attempt!.id);
  await expect(latest.getByText(/^Scored/)).toBeVisible();
  await page.screenshot({
    path: screenshotPath(testInfo, 'score-speaking-result'),
    fullPage: true,
  });

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'History' })
    .click();
  await page
    .getByRole('row', { name: /Mei Chen/ })
    .getByRole('button', { name: 'Open' })
    .click();
  const view = page.getByRole('dialog', { name: 'Mei Chen · Sentence 4' });
  await expect(view.getByRole('group', { name: 'Recording player' })).toBeVisible();
  // The recorder's WebM carries no duration; it is saved with one, so the player can seek.
  const player = view.getByLabel('Recording', { exact: true });
  await expect
    .poll(() => player.evaluate((audio) => (audio as { duration: number }).duration))
    .toBeGreaterThan(1);
  expect(
    Number.isFinite(await player.evaluate((audio) => (audio as { duration: number }).duration)),
  ).toBe(true);
  await expect(view.getByRole('img', { name: 'Waveform' })).toHaveAttribute('data-drawn', 'true');
  await page.screenshot({ path: screenshotPath(testInfo, 'history-speaking-attempt') });
});

/** The page's microphone API, typed here because the tests compile without the DOM library. */
interface MicrophonePage {
  navigator: { mediaDevices: { getUserMedia(constraints: unknown): Promise<OpenedStream> } };
  openedStreams: OpenedStream[];
}
interface OpenedStream {
  getTracks(): { readyState: string }[];
}

test('a double click on Start recording opens the microphone once, and Stop releases it', async ({
  app,
}) => {
  const { page } = app;
  await app.call('candidates.create', { name: 'Lars Berg' });
  await app.call('items.create', { task: 'rs', title: 'Sentence 9', refText: 'Close the door.' });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Score' })
    .click();
  await page.getByLabel('Candidate').selectOption({ label: 'Lars Berg' });
  await page.getByLabel('Item').selectOption({ label: 'Sentence 9' });
  await page.getByLabel('Free recording (no exam timing)').check();
  await page.evaluate(() => {
    const view = globalThis as unknown as MicrophonePage;
    const devices = view.navigator.mediaDevices;
    const open = devices.getUserMedia.bind(devices);
    view.openedStreams = [];
    devices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      view.openedStreams.push(stream);
      return stream;
    };
  });
  const recorder = page.getByRole('group', { name: 'Recorder' });
  await recorder.getByRole('button', { name: 'Start recording' }).dblclick();
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByLabel('Recorded answer')).toBeVisible();
  const tracks = await page.evaluate(() =>
    (globalThis as unknown as MicrophonePage).openedStreams.map((stream) =>
      stream.getTracks().map((track) => track.readyState),
    ),
  );
  expect(tracks).toEqual([['ended']]);
});

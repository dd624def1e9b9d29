import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { zipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { HTTP_ROUTES } from '../../src/shared/host-channels';
import { callOverHttp, expect, screenshotPath, test } from './fixtures';
import { FAST, nav, openScore, RS_TEXT } from './support/exam';
import { tapMicrophone, throughMicrophoneStalls } from './support/microphone-tap';
import { ROOT, chromiumPath } from './support/environment';
import { expectScored } from './support/outcome';

test('a fresh data folder holds the sample items, three or more per task, which can be hidden', async ({
  app,
}, testInfo) => {
  const { page } = app;
  await nav(page, 'Items');
  const table = page.getByRole('table', { name: 'Items' });
  await expect(table.getByRole('row', { name: /Sample RS 1: library hours/ })).toBeVisible();
  const items = await app.call('items.list', {});
  for (const task of ['rs', 'rl', 'di', 'wfd'] as const) {
    const ofTask = items.filter((item) => item.task === task && item.sample);
    expect(ofTask.length).toBeGreaterThanOrEqual(3);
    for (const item of ofTask) {
      if (task === 'di') expect(item.imagePath).toMatch(/^media\/.+\.svg$/u);
      else expect(item.promptAudioPath).toMatch(/^media\/.+\.ogg$/u);
      if (task === 'rl' || task === 'di') expect(item.keywords.length).toBeGreaterThan(3);
    }
  }
  await expect(table.getByRole('row')).toHaveCount(items.length + 1);
  await page.screenshot({ path: screenshotPath(testInfo, 'items-samples'), fullPage: true });

  await page.getByLabel('Show the sample items').uncheck();
  await expect(page.getByText('No items yet — add one')).toBeVisible();
  expect(await app.call('items.list', {})).toEqual([]);
  await page.screenshot({ path: screenshotPath(testInfo, 'items-samples-hidden') });
  await page.getByLabel('Show the sample items').check();
  await expect(table.getByRole('row')).toHaveCount(items.length + 1);
});

test('a Repeat Sentence item plays its audio once and never shows its text to the candidate', async ({
  app,
}, testInfo) => {
  test.skip(app.host === 'electron', 'Electron offers no synthetic microphone');
  const { page } = app;
  await tapMicrophone(page);
  await openScore(app, 'Mei Chen');
  await page.getByLabel('Candidate').selectOption({ label: 'Mei Chen' });
  await page.getByLabel('Item').selectOption({ label: 'Sample RS 1: library hours' });
  const view = page.getByRole('region', { name: "Candidate's view" });
  const status = view.getByRole('status');
  await view.getByRole('button', { name: 'Start the item' }).click();
  await expect(status).toHaveText(/Beginning in \d s/u);
  await page.screenshot({ path: screenshotPath(testInfo, 'rs-beginning-in') });
  await expect(status).toHaveText('Listen…');
  await page.screenshot({ path: screenshotPath(testInfo, 'rs-listening') });
  const prompt = page.getByTestId('prompt-audio');
  // The media element really played, to its end, and offers no controls to play it again.
  await expect
    .poll(() =>
      prompt.evaluate((element) => {
        const audio = element as unknown as { ended: boolean; played: { length: number } };
        return { ended: audio.ended, played: audio.played.length > 0 };
      }),
    )
    .toEqual({ ended: true, played: true });
  expect(await prompt.getAttribute('controls')).toBeNull();
  await expect(status).toHaveText(/Recording… \d+ s left/u);
  await expect(page.locator('body')).not.toContainText(RS_TEXT);
  await page.screenshot({ path: screenshotPath(testInfo, 'rs-recording') });

  const examiner = page.getByRole('region', { name: "Examiner's view" });
  await examiner.getByRole('button', { name: 'Reveal text' }).click();
  await expect(examiner).toContainText(RS_TEXT);
  await expect(view).not.toContainText(RS_TEXT);
  await page.screenshot({ path: screenshotPath(testInfo, 'rs-examiner-reveals') });

  await throughMicrophoneStalls(view, status.filter({ hasText: /Answer saved/u }), 30_000);
  const { rows } = await app.call('attempts.list', {});
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ task: 'rs', itemTitle: 'Sample RS 1: library hours' });
  await expect(page.getByRole('region', { name: 'Latest attempt' })).toBeVisible();
  await page.screenshot({ path: screenshotPath(testInfo, 'rs-saved'), fullPage: true });
});

test('a Describe Image item shows its picture to the candidate', async ({ app }, testInfo) => {
  const { page } = app;
  await openScore(app, 'Lars Berg');
  await page.getByLabel('Candidate').selectOption({ label: 'Lars Berg' });
  await page.getByLabel('Item').selectOption({ label: 'Sample DI 1: energy sources (bar chart)' });
  const picture = page
    .getByRole('region', { name: "Candidate's view" })
    .getByRole('img', { name: 'The picture to describe' });
  await expect(picture).toBeVisible();
  await expect
    .poll(() =>
      picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
    )
    .toBe(640);
  await expect(page.locator('body')).not.toContainText('Gas is the largest source');
  await page.screenshot({ path: screenshotPath(testInfo, 'di-picture') });
});

test('an import with one bad row imports the good rows and reports the bad one', async ({
  app,
}, testInfo) => {
  const { page } = app;
  const samples = join(ROOT, 'resources/samples');
  const csv = [
    'task,title,refText,keywords,audio,image',
    'rs,Imported sentence,Turn off the lights when you leave.,,media/rs.ogg,',
    'di,Imported chart,The chart shows sales.,chart;sales,,media/chart.svg',
    'wfd,Broken dictation,Lectures start at nine.,,media/missing.ogg,',
  ].join('\n');
  const zip = zipSync({
    'bank/manifest.csv': Buffer.from(csv),
    'bank/media/rs.ogg': readFileSync(join(samples, 'rs-2.ogg')),
    'bank/media/chart.svg': readFileSync(join(samples, 'di-2.svg')),
  });
  await nav(page, 'Items');
  await page
    .getByLabel('Item bundle (zip)')
    .setInputFiles({ name: 'bank.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
  const report = page.getByRole('dialog', { name: 'Import report' });
  await expect(report).toContainText('2 imported, 1 refused');
  await expect(report.getByRole('region', { name: 'Refused rows' })).toContainText(
    'Row 3: Broken dictation — audio file "media/missing.ogg" is not in the bundle',
  );
  await page.screenshot({ path: screenshotPath(testInfo, 'import-report') });
  const titles = (await app.call('items.list', {})).map((item) => item.title);
  expect(titles).toContain('Imported sentence');
  expect(titles).toContain('Imported chart');
  expect(titles).not.toContain('Broken dictation');
  await report.getByRole('button', { name: 'Close' }).first().click();
  await expect(
    page.getByRole('table', { name: 'Items' }).getByRole('row', { name: /Imported chart/ }),
  ).toContainText('Picture');

  // A folder with a JSON manifest imports the same way.
  const folder = mkdtempSync(join(tmpdir(), 'examiner-e2e-bundle-'));
  try {
    mkdirSync(join(folder, 'bank', 'audio'), { recursive: true });
    copyFileSync(join(samples, 'rl-2.ogg'), join(folder, 'bank', 'audio', 'lecture.ogg'));
    writeFileSync(
      join(folder, 'bank', 'manifest.json'),
      JSON.stringify([
        {
          task: 'rl',
          title: 'Imported lecture',
          refText: 'Sleep helps memory.',
          keywords: ['sleep', 'memory'],
          audio: 'audio/lecture.ogg',
        },
      ]),
    );
    await page.getByLabel('Item bundle folder').setInputFiles(join(folder, 'bank'));
    await expect(report).toContainText('1 imported, 0 refused');
    await page.screenshot({ path: screenshotPath(testInfo, 'import-folder-report') });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const lecture = (await app.call('items.list', { task: 'rl' })).find(
    (item) => item.title === 'Imported lecture',
  );
  expect(lecture).toMatchObject({ keywords: ['sleep', 'memory'] });
  expect(lecture?.promptAudioPath).toMatch(/^media\/.+\.ogg$/u);
});

async function chooseSittingItems(page: Page, candidate: string) {
  await page.getByRole('tab', { name: 'Mock test' }).click();
  const setup = page.getByRole('region', { name: 'New mock test' });
  await setup.getByLabel('Candidate').selectOption({ label: candidate });
  for (const title of [
    'Sample WFD 1: reading list',
    'Sample DI 1: energy sources (bar chart)',
    'Sample RS 1: library hours',
  ]) {
    await setup.getByLabel(title).check();
  }
  return setup;
}

test('a three-item mock sitting runs in exam order to its summary, PDF and History', async ({
  app,
}, testInfo) => {
  test.skip(app.host === 'electron', 'Electron offers no synthetic microphone');
  const { page } = app;
  await openScore(app, 'Ana Souza');
  const setup = await chooseSittingItems(page, 'Ana Souza');
  // The choice saved as a test form, then chosen again from it.
  await setup.getByLabel('Test form name').fill('Short form');
  await setup.getByRole('button', { name: 'Save as test form' }).click();
  await expect(setup.getByText('Saved the test form "Short form".')).toBeVisible();
  await setup.getByLabel('Sample RS 1: library hours').uncheck();
  await expect(setup.getByText('2 items chosen')).toBeVisible();
  await setup.getByLabel('Saved test form').selectOption({ label: 'Short form (3 items)' });
  await expect(setup.getByText('3 items chosen')).toBeVisible();
  await page.screenshot({ path: screenshotPath(testInfo, 'sitting-setup'), fullPage: true });
  await setup.getByRole('button', { name: 'Start the mock test' }).click();

  const view = page.getByRole('region', { name: "Candidate's view" });
  await expect(view).toContainText('Item 1 of 3');
  await expect(view).toContainText('Repeat Sentence');
  await expect(view.getByRole('status')).toHaveText(/Recording/u, { timeout: 30_000 });
  await page.screenshot({ path: screenshotPath(testInfo, 'sitting-item-1') });
  await expect(view).toContainText('Item 2 of 3', { timeout: 30_000 });
  await expect(view).toContainText('Describe Image');
  await expect(view.getByRole('img', { name: 'The picture to describe' })).toBeVisible();
  await page.screenshot({ path: screenshotPath(testInfo, 'sitting-item-2') });
  await expect(view).toContainText('Item 3 of 3', { timeout: 30_000 });
  const answer = view.getByLabel('Type the sentence you heard');
  await expect(answer).toBeEnabled({ timeout: 30_000 });
  await answer.fill('The reading list is available on the course website.');
  await page.screenshot({ path: screenshotPath(testInfo, 'sitting-item-3') });
  await view.getByRole('button', { name: 'Submit answer' }).click();

  const summary = page.getByRole('region', { name: 'Sitting summary' });
  await expect(summary).toContainText('Mock test summary · Ana Souza');
  const byTask = summary.getByRole('table', { name: 'By task' });
  for (const task of ['Repeat Sentence', 'Describe Image', 'Write From Dictation']) {
    await expect(byTask.getByRole('row', { name: new RegExp(task, 'u') })).toBeVisible();
  }
  expect((await app.call('attempts.list', {})).rows).toHaveLength(3);
  expect(await app.call('sittings.unfinished', {})).toEqual([]);
  // Each answer is listed with its live status (scoring goes on in the background).
  const steps = summary.getByRole('table', { name: 'Items of the sitting' });
  await expect(steps.getByRole('row')).toHaveCount(4);
  // The typed dictation is scored: the test fails on anything else once scoring ends.
  const dictation = (await app.call('attempts.list', { filter: { task: 'wfd' } })).rows[0]!;
  await expectScored(app, dictation.id);
  await expect(steps.getByRole('row', { name: /Sample WFD 1/u })).toContainText('Scored');
  await page.screenshot({ path: screenshotPath(testInfo, 'sitting-summary'), fullPage: true });
  await summary.getByRole('button', { name: 'Download PDF' }).click();
  await expect(summary.getByText(/^Downloaded sitting-\d+-Ana-Souza/u)).toBeVisible();
  const pdf = await app.call('sittings.pdf', {
    id: (await app.call('attempts.list', {})).rows[0]!.sittingId!,
  });
  expect(Buffer.from(pdf.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

  // History shows the sitting as one group of rows.
  await nav(page, 'History');
  const history = page.getByRole('table', { name: 'Attempts' });
  await expect(
    history.getByRole('rowheader', { name: /Mock test sitting \d+ · Ana Souza/u }),
  ).toBeVisible();
  await expect(history.locator('tr.in-group')).toHaveCount(3);
  await page.screenshot({ path: screenshotPath(testInfo, 'sitting-in-history'), fullPage: true });
});

// ---- Killing the host mid-sitting: this test starts the host itself, to SIGKILL it. ----

interface RawHost {
  url: string;
  child: ChildProcess;
}

function startRawHost(dataDir: string): Promise<RawHost> {
  const child = spawn(process.execPath, ['out/main/browser-host.js'], {
    cwd: ROOT,
    env: { ...process.env, EXAMINER_DATA_DIR: dataDir, EXAMINER_NO_BROWSER: '1' },
  });
  child.stderr?.resume();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the host did not start')), 120_000);
    child.once('exit', (code) => reject(new Error(`the host exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^EXAMINER_BROWSER_HOST_READY (.+)$/u.exec(line);
      if (!match) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ url: match[1]!.trim(), child });
    });
  });
}

async function killHard(host: RawHost): Promise<void> {
  if (host.child.exitCode !== null || host.child.signalCode !== null) return;
  const exited = new Promise((resolve) => host.child.once('exit', resolve));
  host.child.kill('SIGKILL');
  await exited;
}

/** The link lands on the sign-in page, which trades its token for the cookie and loads the app. */
async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('#root').waitFor({ state: 'attached' });
}

test('after the host is killed mid-sitting, the sitting resumes with the finished answer kept', async ({
  playwright,
  launchOptions,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'browser-host', 'kills the browser host process');
  test.skip(!chromiumPath(), 'No Chromium at $CHROMIUM_PATH or /usr/bin/chromium');
  const native = spawnSync(process.execPath, ['scripts/ensure-native.mjs', 'node'], { cwd: ROOT });
  expect(native.status).toBe(0);
  const dataDir = mkdtempSync(join(tmpdir(), 'examiner-e2e-kill-'));
  const browser = await playwright.chromium.launch(launchOptions);
  let host = await startRawHost(dataDir);
  try {
    const page = await browser.newPage();
    await openApp(page, host.url);
    await callOverHttp(page, 'candidates.create', { name: 'Omar Haddad' });
    // Item 2 (Describe Image) prepares for 8 s, so that it is still on screen when the resumed
    // sitting is checked on a loaded machine: with 1 s it could be answered and gone first.
    const examTiming = { ...FAST, di: { ...FAST.di, prepSeconds: 8 } };
    await callOverHttp(page, 'settings.update', { examTiming });
    await nav(page, 'Score');
    const setup = await chooseSittingItems(page, 'Omar Haddad');
    await setup.getByRole('button', { name: 'Start the mock test' }).click();
    const view = page.getByRole('region', { name: "Candidate's view" });
    await expect(view).toContainText('Item 2 of 3', { timeout: 30_000 });
    await page.screenshot({ path: screenshotPath(testInfo, 'kill-before') });

    await killHard(host);
    host = await startRawHost(dataDir);
    await openApp(page, host.url);
    await nav(page, 'Score');
    await page.getByRole('tab', { name: 'Mock test' }).click();
    const open = page.getByRole('region', { name: 'Unfinished sittings' });
    await expect(open).toContainText('Omar Haddad · 1 of 3 answered');
    await page.screenshot({ path: screenshotPath(testInfo, 'kill-after-restart') });
    const [sitting] = (await callOverHttp(page, 'sittings.unfinished', {})) as {
      id: number;
      steps: { attempt: { id: number; task: string } | null }[];
    }[];
    const kept = sitting!.steps[0]!.attempt!;
    expect(kept.task).toBe('rs');
    const audio = (await callOverHttp(page, 'attempts.audio', { id: kept.id })) as {
      base64: string;
    };
    expect(audio.base64.length).toBeGreaterThan(1000);

    await open.getByRole('button', { name: 'Resume' }).click();
    await expect(view).toContainText('Item 2 of 3');
    await expect(view).toContainText('Describe Image');
    await page.screenshot({ path: screenshotPath(testInfo, 'kill-resumed') });
    await expect(view).toContainText('Item 3 of 3', { timeout: 30_000 });
    await view.getByLabel('Type the sentence you heard').fill('The reading list is online.');
    await view.getByRole('button', { name: 'Submit answer' }).click();
    await expect(page.getByRole('region', { name: 'Sitting summary' })).toBeVisible();
    const after = (await callOverHttp(page, 'sittings.get', { id: sitting!.id })) as {
      status: string;
      steps: { attempt: { id: number } | null }[];
    };
    expect(after.status).toBe('finished');
    expect(after.steps[0]!.attempt!.id).toBe(kept.id);
    expect(after.steps.every((step) => step.attempt)).toBe(true);
  } finally {
    await browser.close();
    host.child.kill('SIGTERM');
    await new Promise((resolve) => host.child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** The page's microphone API, typed here because the tests compile without the DOM library. */
interface MicrophoneWindow {
  navigator: { mediaDevices: { getUserMedia: (constraints: unknown) => Promise<unknown> } };
  AudioContext: new () => {
    createMediaStreamDestination(): { stream: FakeStream };
    createOscillator(): { connect(node: unknown): void; start(): void };
  };
  DOMException: new (message: string, name: string) => Error;
  Event: new (type: string) => unknown;
  testTrack?: { dispatchEvent(event: unknown): boolean };
}
interface FakeStream {
  getAudioTracks(): { dispatchEvent(event: unknown): boolean }[];
}

test('timing and microphone are settings; each microphone fault is named before time runs', async ({
  app,
}, testInfo) => {
  test.skip(app.host === 'electron', 'Electron offers no synthetic microphone');
  const { page } = app;
  await app.call('settings.update', { microphoneId: 'unplugged-usb-microphone' });
  // A long "Beginning in", so that the microphone can be unplugged during it.
  await openScore(app, 'Kim Lee', {
    ...FAST,
    rs: { leadInSeconds: 8, prepSeconds: 0, responseSeconds: 4 },
  });
  await page.getByRole('tab', { name: 'Exam timing and microphone' }).click();
  await expect(page.getByRole('region', { name: 'Microphone' })).toContainText(
    'The chosen microphone is not connected',
  );
  const timing = page.getByRole('form', { name: 'Exam timing' });
  await timing.getByLabel('Repeat Sentence: Answer limit (s)').fill('20');
  await timing.getByRole('button', { name: 'Save timing' }).click();
  await expect(timing.getByText('Exam timing saved.')).toBeVisible();
  expect((await app.call('settings.get', {})).examTiming.rs.responseSeconds).toBe(20);
  await page.screenshot({ path: screenshotPath(testInfo, 'exam-settings'), fullPage: true });

  const view = page.getByRole('region', { name: "Candidate's view" });
  const neverPlayed = async () =>
    expect(
      await page
        .getByTestId('prompt-audio')
        .evaluate((audio) => (audio as unknown as { played: { length: number } }).played.length),
    ).toBe(0);
  const startItem = async () => {
    await page.getByRole('tab', { name: 'One item' }).click();
    await page.getByLabel('Candidate').selectOption({ label: 'Kim Lee' });
    await page.getByLabel('Item').selectOption({ label: 'Sample RS 2: assignments' });
    await view.getByRole('button', { name: 'Start the item' }).click();
  };

  // A chosen microphone that is not plugged in.
  await startItem();
  await expect(view).toContainText('The chosen microphone is not connected. Plug it in');
  await neverPlayed();
  await page.screenshot({ path: screenshotPath(testInfo, 'mic-missing') });

  // Permission refused.
  await app.call('settings.update', { microphoneId: '' });
  await page.getByRole('tab', { name: 'Exam timing and microphone' }).click();
  await page.evaluate(() => {
    const view = globalThis as unknown as MicrophoneWindow;
    view.navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new view.DOMException('Permission denied', 'NotAllowedError'));
  });
  await startItem();
  await expect(view).toContainText('Examiner may not use the microphone. Allow it and try again.');
  await neverPlayed();
  await page.screenshot({ path: screenshotPath(testInfo, 'mic-denied') });

  // A microphone that gives no sound at all (muted): a flat meter for 3 s.
  await page.evaluate(() => {
    const view = globalThis as unknown as MicrophoneWindow;
    view.navigator.mediaDevices.getUserMedia = async () =>
      new view.AudioContext().createMediaStreamDestination().stream;
  });
  await view.getByRole('button', { name: 'Start the item again' }).click();
  await expect(view.getByRole('status')).toHaveText('Checking the microphone: say something…');
  await expect(view).toContainText(
    'No sound reaches the microphone: its level stayed flat for 3 s.',
    { timeout: 15_000 },
  );
  await neverPlayed();
  await page.screenshot({ path: screenshotPath(testInfo, 'mic-silent') });

  // A working microphone unplugged while the item runs, before the answer begins.
  await page.evaluate(() => {
    const view = globalThis as unknown as MicrophoneWindow;
    view.navigator.mediaDevices.getUserMedia = async () => {
      const context = new view.AudioContext();
      const tone = context.createOscillator();
      const sink = context.createMediaStreamDestination();
      tone.connect(sink);
      tone.start();
      view.testTrack = sink.stream.getAudioTracks()[0];
      return sink.stream;
    };
  });
  await view.getByRole('button', { name: 'Start the item again' }).click();
  await expect(view.getByRole('status')).toHaveText(/Beginning in \d s/u);
  await page.evaluate(() => {
    const view = globalThis as unknown as MicrophoneWindow;
    view.testTrack?.dispatchEvent(new view.Event('ended'));
  });
  await expect(view).toContainText('The microphone was disconnected. Reconnect it');
  await neverPlayed();
  await page.screenshot({ path: screenshotPath(testInfo, 'mic-unplugged') });
  expect((await app.call('attempts.list', {})).total).toBe(0);
});

test('a prompt file is checked and copied into the data folder; a bad one is refused', async ({
  app,
}, testInfo) => {
  const { page } = app;
  await app.call('settings.update', { showSamples: false });
  const source = mkdtempSync(join(tmpdir(), 'examiner-e2e-prompt-'));
  const audio = join(source, 'sentence.ogg');
  copyFileSync(join(ROOT, 'resources/samples/rs-3.ogg'), audio);
  writeFileSync(join(source, 'notes.ogg'), 'these are notes, not a recording');
  await nav(page, 'Items');
  await page.getByRole('button', { name: 'Add item' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add item' });
  await form.getByLabel('Title').fill('Phones off');
  await form.getByLabel('Reference text').fill('Please switch off your phones.');
  await form.getByLabel('Prompt audio file').setInputFiles(join(source, 'notes.ogg'));
  await expect(form).toContainText(
    'notes.ogg was not added: the file is not WAV, MP3, Ogg, WebM or FLAC.',
  );
  await page.screenshot({ path: screenshotPath(testInfo, 'item-prompt-refused') });
  await form.getByLabel('Prompt audio file').setInputFiles(audio);
  await expect(form.getByLabel('Prompt audio', { exact: true })).toBeVisible();
  await page.screenshot({ path: screenshotPath(testInfo, 'item-prompt-added') });
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(form).toBeHidden();
  rmSync(source, { recursive: true, force: true });

  // The source is gone; the item's copy in the data folder still plays.
  const [item] = await app.call('items.list', {});
  expect(item?.promptAudioPath).toMatch(/^media\/[0-9a-f]{32}\.ogg$/u);
  const stored = await app.call('media.get', { path: item!.promptAudioPath! });
  expect(stored.mimeType).toBe('audio/ogg');
  expect(Buffer.from(stored.base64, 'base64')).toEqual(
    readFileSync(join(ROOT, 'resources/samples/rs-3.ogg')),
  );
  await expect(app.call('media.get', { path: '../examiner.db' })).rejects.toThrow(
    'The prompt file is missing from the data folder.',
  );
});

test('an answer that cannot be saved is kept until it is saved again', async ({
  app,
}, testInfo) => {
  test.skip(app.host === 'electron', 'Electron offers no synthetic microphone');
  const { page } = app;
  await tapMicrophone(page);
  await openScore(app, 'Noor Ali');
  let refusals = 0;
  await page.route(`**${HTTP_ROUTES.call}`, async (route) => {
    const body = route.request().postDataJSON() as { method: string };
    if (body.method === 'attempts.submitSpeaking' && refusals === 0) {
      refusals += 1;
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The recording could not be saved.', detail: null }),
      });
      return;
    }
    await route.continue();
  });
  await page.getByLabel('Candidate').selectOption({ label: 'Noor Ali' });
  await page.getByLabel('Item').selectOption({ label: 'Sample RS 3: mobile phones' });
  const view = page.getByRole('region', { name: "Candidate's view" });
  await view.getByRole('button', { name: 'Start the item' }).click();
  await throughMicrophoneStalls(view, view.getByText('The recording could not be saved.'), 30_000);
  await expect(view.getByRole('status')).toHaveText(
    'The answer is kept here but could not be saved yet.',
  );
  expect((await app.call('attempts.list', {})).total).toBe(0);
  await page.screenshot({ path: screenshotPath(testInfo, 'save-failed') });
  await view.getByRole('button', { name: 'Save the answer again' }).click();
  await expect(view.getByRole('status')).toHaveText(/Answer saved/u);
  expect((await app.call('attempts.list', {})).total).toBe(1);
});

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, screenshotPath, test } from './fixtures';
import { ROOT, fakeMicrophoneFrom } from './support/environment';
import { scoreFreeRecording } from './support/exam';
import { processTempDir } from '../helpers/temp-dir';

interface SampleItem {
  key: string;
  title: string;
  refText: string;
  keywords: string[];
}

const SAMPLE = (
  JSON.parse(readFileSync(join(ROOT, 'resources/samples/manifest.json'), 'utf8')) as {
    items: SampleItem[];
  }
).items.find((item) => item.key === 'rl-1')!;

/** The lecture's first, third and fourth sentences: some of its key points, not all. */
const SPOKEN = SAMPLE.refText
  .split(/(?<=\.)\s+/u)
  .filter((_, index) => index !== 1)
  .map((sentence) => sentence.replace(/[,.]/gu, ''));
const SPOKEN_KEY_POINTS = SAMPLE.keywords.filter((keyword) =>
  SPOKEN.some((sentence) => sentence.toLowerCase().includes(keyword.toLowerCase())),
);
const GAP_S = 1.2;
const HESITATIONS = new Set(['um', 'uh', 'er', 'ah', 'hmm']);

/** What the candidate says, each part followed by that many seconds of silence. */
const ANSWER: { text: string; silenceAfter: number }[] = [
  { text: SPOKEN[0]!, silenceAfter: GAP_S },
  { text: SPOKEN[1]!, silenceAfter: GAP_S },
  { text: 'uh', silenceAfter: 0.8 },
  { text: SPOKEN[2]!, silenceAfter: 0 },
];

/**
 * The retelling as Chromium's synthetic microphone plays it: each part spoken by espeak-ng,
 * trimmed of its own silence and followed by its gap, after 1 s of silence and before 10 s.
 */
function spokenRetellingWav(): { path: string; speechSeconds: number } | null {
  const dir = processTempDir('examiner-e2e-retell-');
  const parts: string[] = [];
  for (const [index, { text, silenceAfter }] of ANSWER.entries()) {
    const raw = join(dir, `raw-${index}.wav`);
    const part = join(dir, `part-${index}.wav`);
    const say = spawnSync('espeak-ng', ['-v', 'en-us+f2', '-s', '140', '-w', raw, text]);
    if (say.status !== 0) return null;
    const trim = spawnSync('sox', [
      raw,
      part,
      ...['silence', '1', '0.02', '0.5%', 'reverse', 'silence', '1', '0.02', '0.5%', 'reverse'],
      ...['pad', '0', String(silenceAfter)],
    ]);
    if (trim.status !== 0) return null;
    parts.push(part);
  }
  const joined = join(dir, 'joined.wav');
  const answer = join(dir, 'answer.wav');
  if (spawnSync('sox', [...parts, joined]).status !== 0) return null;
  const length = spawnSync('soxi', ['-D', joined], { encoding: 'utf8' });
  const pad = spawnSync('sox', [joined, '-r', '48000', '-b', '16', answer, 'pad', '1', '10']);
  if (length.status !== 0 || pad.status !== 0) return null;
  return { path: answer, speechSeconds: 1 + Number(length.stdout.trim()) };
}

const wav = spokenRetellingWav();

test.use({ launchOptions: fakeMicrophoneFrom(wav?.path ?? null) });

test('a spoken Retell Lecture answer shows the key points it covered, its pauses with their lengths and no hesitation as a word', async ({
  app,
}, testInfo) => {
  test.skip(!wav, 'espeak-ng and sox are needed to speak the answer');
  test.setTimeout(300_000);
  const { page } = app;
  const latest = await scoreFreeRecording(app, {
    candidate: 'Kofi Mensah',
    item: SAMPLE.title,
    speechSeconds: wav!.speechSeconds,
  });
  await page.screenshot({ path: screenshotPath(testInfo, 'retell-result'), fullPage: true });

  const [attempt] = (await app.call('attempts.list', {})).rows;
  const detail = await app.call('attempts.get', { id: attempt!.id });
  const response = JSON.parse(detail.responseJson!) as {
    data: { words: { word: string; label: string; start: number; end: number }[] };
  };
  await testInfo.attach('response', {
    body: detail.responseJson!,
    contentType: 'application/json',
  });

  // The pauses between the sentences are shown with their length, from the words' timings.
  const transcript = latest.getByLabel('Transcript', { exact: true });
  const pauses = await transcript.locator('.label-pause').evaluateAll((tokens) =>
    tokens.map((token) => ({
      title: token.getAttribute('title') ?? '',
      text: (token.textContent ?? '').trim(),
    })),
  );
  const gaps = pauses.flatMap(({ title, text }) => {
    const match = /^(?:Long pause|Pause), (\d+) ms$/u.exec(title);
    return match ? [{ ms: Number(match[1]), text }] : [];
  });
  const gap = gaps.find(({ ms }) => ms >= GAP_S * 1000 * 0.6);
  expect(gap, JSON.stringify(pauses)).toBeDefined();
  expect(gap!.text).toBe(`${(gap!.ms / 1000).toFixed(1)} s`);

  // A hesitation is never a word: every Inserted entry, and every filler heard, is shown as a
  // hesitation, in neither the class nor the colour of a Good word.
  const good = latest.getByRole('list', { name: 'Word colours' }).getByText('Good');
  const goodColour = await good.evaluate(
    (element) => (globalThis as unknown as StyledPage).getComputedStyle(element).backgroundColor,
  );
  const tokens = await transcript.locator('[data-label]').evaluateAll((elements) =>
    elements.map((element) => ({
      text: element.textContent ?? '',
      label: element.getAttribute('data-label'),
      className: element.getAttribute('class') ?? '',
      title: element.getAttribute('title') ?? '',
      colour: (globalThis as unknown as StyledPage).getComputedStyle(element).backgroundColor,
    })),
  );
  for (const token of tokens) {
    if (token.label === 'Inserted' || HESITATIONS.has(token.text.toLowerCase())) {
      expect(token.className, `“${token.text}”`).toContain('hesitation');
      expect(token.className, `“${token.text}”`).not.toContain('label-good');
      expect(token.colour, `“${token.text}”`).not.toBe(goodColour);
      expect(token.title).toMatch(/^Hesitation \(\w+\), \d+ ms/u);
    }
  }
  const shown = tokens.filter((token) => token.className.includes('hesitation'));
  expect(shown.length, 'the spoken “uh” is shown as a hesitation').toBeGreaterThan(0);

  // A pause beside a hesitation (where the engine puts one there) is measured up to, or from,
  // the hesitation's own timing; test/unit/review-stats.test.ts covers both sides for certain.
  const words = response.data.words;
  const titles = await transcript
    .locator(':scope > *')
    .evaluateAll((entries) => entries.map((entry) => entry.getAttribute('title') ?? ''));
  const besideHesitation = words.flatMap((word, index) => {
    const [before, after] = [words[index - 1], words[index + 1]];
    if (word.label !== 'Pause' || !before || !after) return [];
    if (before.label !== 'Inserted' && after.label !== 'Inserted') return [];
    return [{ title: titles[index], ms: after.start - before.end }];
  });
  for (const { title, ms } of besideHesitation)
    expect(title).toMatch(new RegExp(`, ${ms} ms$`, 'u'));

  const inserted = response.data.words.filter(
    (word) => word.label === 'Inserted' && word.end > word.start,
  );
  await expect(latest.locator('.region-hesitation')).toHaveCount(inserted.length);
  await expect(latest.locator('.region-hesitation.label-good')).toHaveCount(0);
  await expect(latest.getByRole('list', { name: 'Word colours' })).toContainText('Hesitation');
  await latest
    .locator('.transcript')
    .screenshot({ path: screenshotPath(testInfo, 'retell-transcript') });

  // The key points said are listed as heard.
  const keyPoints = latest.getByRole('region', { name: 'Key points' });
  const table = keyPoints.getByRole('table', { name: 'Key points heard' });
  await expect(table).toBeVisible();
  const covered = await table
    .locator('tbody tr[data-engine-heard="true"]')
    .getByRole('rowheader')
    .allTextContents();
  expect(
    covered.filter((point) => SPOKEN_KEY_POINTS.includes(point)),
    covered.join(', '),
  ).not.toEqual([]);
  await keyPoints.screenshot({ path: screenshotPath(testInfo, 'retell-key-points') });

  // History shows the same result.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'History' })
    .click();
  await page
    .getByRole('row', { name: /Kofi Mensah/ })
    .getByRole('button', { name: 'Open' })
    .click();
  const view = page.getByRole('dialog', { name: `Kofi Mensah · ${SAMPLE.title}` });
  await expect(view.getByRole('img', { name: 'Waveform' })).toHaveAttribute('data-drawn', 'true');
  await expect(
    view
      .getByRole('region', { name: 'Key points' })
      .getByRole('table', { name: 'Key points heard' }),
  ).toBeVisible();
  await page.screenshot({ path: screenshotPath(testInfo, 'retell-history'), fullPage: true });
});

/** The page's style lookup, typed here because the tests compile without the DOM library. */
interface StyledPage {
  getComputedStyle(element: unknown): { backgroundColor: string };
}

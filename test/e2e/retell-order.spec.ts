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
}

const SAMPLE = (
  JSON.parse(readFileSync(join(ROOT, 'resources/samples/manifest.json'), 'utf8')) as {
    items: SampleItem[];
  }
).items.find((item) => item.key === 'rl-1')!;

/** The lecture's last sentence, then its first: a retelling out of the lecture's order. */
const SENTENCES = SAMPLE.refText.split(/(?<=\.)\s+/u).map((text) => text.replace(/[,.]/gu, ''));
const ANSWER = [SENTENCES.at(-1)!, SENTENCES[0]!];

/** The answer spoken by espeak-ng, 1.2 s between the sentences, after 1 s of silence. */
function answerWav(): { path: string; speechSeconds: number } | null {
  const dir = processTempDir('examiner-e2e-retell-order-');
  const parts = ANSWER.map((text, index) => {
    const raw = join(dir, `raw-${index}.wav`);
    const part = join(dir, `part-${index}.wav`);
    const say = spawnSync('espeak-ng', ['-v', 'en-us+f2', '-s', '140', '-w', raw, text]);
    const pad = spawnSync('sox', [raw, '-r', '48000', '-b', '16', part, 'pad', '0', '1.2']);
    return say.status === 0 && pad.status === 0 ? part : null;
  });
  if (parts.includes(null)) return null;
  const answer = join(dir, 'answer.wav');
  const joined = spawnSync('sox', [...(parts as string[]), answer, 'pad', '1', '10']);
  const length = spawnSync('soxi', ['-D', answer], { encoding: 'utf8' });
  if (joined.status !== 0 || length.status !== 0) return null;
  return { path: answer, speechSeconds: Number(length.stdout.trim()) - 10 };
}

const wav = answerWav();

test.use({ launchOptions: fakeMicrophoneFrom(wav?.path ?? null) });

test('a retelling out of the lecture’s order names the key points out of place, in the suggestion and the table', async ({
  app,
}, testInfo) => {
  test.skip(!wav, 'espeak-ng and sox are needed to speak the answer');
  test.setTimeout(300_000);
  const { page } = app;
  const latest = await scoreFreeRecording(app, {
    candidate: 'Ines Duarte',
    item: SAMPLE.title,
    speechSeconds: wav!.speechSeconds,
  });

  const [attempt] = (await app.call('attempts.list', {})).rows;
  const detail = await app.call('attempts.get', { id: attempt!.id });
  await testInfo.attach('response', {
    body: detail.responseJson!,
    contentType: 'application/json',
  });
  const { data } = JSON.parse(detail.responseJson!) as {
    data: {
      components: { name: string; suggestion: string | null }[];
      keyPoints: { text: string; heard: boolean; order?: string }[];
    };
  };
  // The first sentence's points come after the last's: the shorter group is out of place.
  const outOfPlace = data.keyPoints.filter((point) => point.order === 'out of place');
  const inPlace = data.keyPoints.filter((point) => point.order === 'in place');
  expect(outOfPlace.length, JSON.stringify(data.keyPoints)).toBeGreaterThan(0);
  expect(inPlace.length).toBeGreaterThan(0);
  expect(data.keyPoints.filter((point) => !point.heard).every((point) => !point.order)).toBe(true);
  const content = data.components.find((component) => component.name === 'score_content');
  expect(content?.suggestion).toContain(
    `partly out of the lecture’s order (out of place: ${outOfPlace.map((point) => point.text).join(', ')})`,
  );

  const keyPoints = latest.getByRole('region', { name: 'Key points' });
  const rows = keyPoints.getByRole('table', { name: 'Key points heard' }).locator('tbody tr');
  for (const point of data.keyPoints) {
    const row = rows.filter({
      has: page.getByRole('rowheader', { name: point.text, exact: true }),
    });
    if (point.order === 'out of place') await expect(row).toContainText('out of order');
    else await expect(row).not.toContainText('out of order');
  }
  await keyPoints.screenshot({ path: screenshotPath(testInfo, 'retell-order-key-points') });
  await page.screenshot({ path: screenshotPath(testInfo, 'retell-order-result'), fullPage: true });
});

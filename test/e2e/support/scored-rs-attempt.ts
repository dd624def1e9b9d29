import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { FakeScoringServer, type Reply } from '../../integration/main-fake-server';
import { expect, type ExaminerApp } from '../fixtures';
import { ROOT } from './environment';

/** Chromium's own recording of "The quick brown fox jumps over the lazy dog.", 3 s. */
const WEBM = readFileSync(join(ROOT, 'test/fixtures/audio/speech-chromium.webm')).toString(
  'base64',
);

/**
 * An rs attempt of "Quick fox" by Ines Duarte, scored by a fake scoring server that gives
 * `answer`; `steps` then run with its id, and the server stops after them.
 */
export async function withScoredRsAttempt(
  app: ExaminerApp,
  answer: Reply,
  steps: (id: number) => Promise<void>,
): Promise<void> {
  const server = new FakeScoringServer();
  server.script = () => answer;
  await server.listen();
  try {
    await app.call('settings.update', { endpointMode: 'remote', remoteBaseUrl: server.url });
    await app.call('settings.setApiKey', { key: 'e2e-scored-rs-key-0123456789' });
    const candidate = await app.call('candidates.create', { name: 'Ines Duarte' });
    const item = await app.call('items.create', {
      task: 'rs',
      title: 'Quick fox',
      refText: 'The quick brown fox jumps over the lazy dog.',
    });
    const { id } = await app.call('attempts.submitSpeaking', {
      candidateId: candidate.id,
      itemId: item.id,
      audioBase64: WEBM,
      mimeType: 'audio/webm;codecs=opus',
    });
    await expect
      .poll(async () => (await app.call('attempts.get', { id })).status, { timeout: 30_000 })
      .toBe('scored');
    await steps(id);
  } finally {
    await server.kill();
  }
}

/** The scored attempt opened from History, once its waveform is drawn. */
export async function openRsAttempt(page: Page): Promise<Locator> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'History' })
    .click();
  await page
    .getByRole('row', { name: /Ines Duarte/u })
    .getByRole('button', { name: 'Open' })
    .click();
  const view = page.getByRole('dialog', { name: 'Ines Duarte · Quick fox' });
  await expect(view.getByRole('img', { name: 'Waveform' })).toHaveAttribute('data-drawn', 'true');
  return view;
}

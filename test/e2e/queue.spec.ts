import { expect, screenshotPath, test } from './fixtures';
import { startSwitchableServer } from './support/switchable-server';

test('an attempt waiting for the server reads as queued, and is scored within 5 s of the server coming back', async ({
  app,
}, testInfo) => {
  const { page } = app;
  const server = await startSwitchableServer();
  try {
    await app.call('settings.update', { endpointMode: 'remote', remoteBaseUrl: server.url });
    await app.call('settings.setApiKey', { key: server.key });
    const candidate = await app.call('candidates.create', { name: 'Queue Tester' });
    const item = await app.call('items.create', {
      task: 'wfd',
      title: 'Dictation Q',
      refText: 'The lecture starts at nine.',
    });
    await app.call('attempts.submitDictation', {
      candidateId: candidate.id,
      itemId: item.id,
      typedAnswer: 'The lecture starts at nine.',
    });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'History' }).click();
    const row = page.getByRole('row', { name: /Queue Tester/ });
    await expect(
      row.getByText(/^Queued – (next try in \d+ s|waiting for the server)$/u),
    ).toBeVisible();
    await expect(row.getByText(/fail/iu)).toHaveCount(0);
    await expect(nav.getByTestId('queue-count')).toHaveText('1');
    await page.screenshot({ path: screenshotPath(testInfo, 'history-queued') });

    server.setUp(true);
    const back = Date.now();
    await expect
      .poll(async () => (await app.call('attempts.list', {})).rows[0]?.status, {
        timeout: 20_000,
        intervals: [100],
      })
      .toBe('scored');
    const waited = Date.now() - back;
    testInfo.annotations.push({
      type: 'scored after the server came back (ms)',
      description: String(waited),
    });
    expect(waited).toBeLessThan(5_000);
    await expect(row.getByText('Scored')).toBeVisible();
    await expect(nav.getByTestId('queue-count')).toHaveCount(0);
  } finally {
    await server.stop();
  }
});

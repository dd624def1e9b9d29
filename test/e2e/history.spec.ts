import { HTTP_ROUTES } from '../../src/shared/host-channels';
import { expect, screenshotPath, test } from './fixtures';

test('a page of history that arrives after the filter changed is not mixed into it', async ({
  app,
}) => {
  const { page } = app;
  const many = await app.call('candidates.create', { name: 'Ines Roth' });
  const one = await app.call('candidates.create', { name: 'Omar Haddad' });
  const item = await app.call('items.create', { task: 'wfd', title: 'D1', refText: 'One day.' });
  for (let index = 0; index < 51; index += 1) {
    await app.call('attempts.submitDictation', {
      candidateId: many.id,
      itemId: item.id,
      typedAnswer: `answer ${index}`,
    });
  }
  await app.call('attempts.submitDictation', {
    candidateId: one.id,
    itemId: item.id,
    typedAnswer: 'one day',
  });
  // Hold back the second page, so that the filter changes while it is on its way.
  await page.route(`**${HTTP_ROUTES.call}`, async (route) => {
    const call = route.request().postDataJSON() as { method: string; input: { beforeId?: number } };
    if (call.method === 'attempts.list' && call.input.beforeId !== undefined) {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    }
    await route.continue();
  });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'History' })
    .click();
  await expect(page.getByText('Showing 50 of 52')).toBeVisible();
  await page.getByRole('button', { name: 'Load more' }).click();
  await page.getByLabel('Candidate').selectOption({ label: 'Omar Haddad' });
  await expect(page.getByText('Showing 1 of 1')).toBeVisible();
  await page.waitForTimeout(2_500);
  await expect(page.getByText('Showing 1 of 1')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Attempts' }).getByRole('row')).toHaveCount(2);
});

test('History searches candidates and items without regard to accents, within a date range', async ({
  app,
}, testInfo) => {
  const { page } = app;
  const zoe = await app.call('candidates.create', { name: 'Zoë Ødegaard' });
  const other = await app.call('candidates.create', { name: 'Omar Haddad' });
  const item = await app.call('items.create', {
    task: 'wfd',
    title: 'Café talk',
    refText: 'One day.',
  });
  for (const candidate of [zoe, other]) {
    await app.call('attempts.submitDictation', {
      candidateId: candidate.id,
      itemId: item.id,
      typedAnswer: 'one day',
    });
  }
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'History' })
    .click();
  const rows = page.getByRole('table', { name: 'Attempts' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await page.getByLabel('Search history').fill('zoe odegaard');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Zoë Ødegaard');
  await page.getByLabel('Search history').fill('cafe');
  await expect(rows).toHaveCount(3);
  await page.getByLabel('From', { exact: true }).fill('2000-01-01');
  await page.getByLabel('To', { exact: true }).fill('2000-12-31');
  await expect(page.getByText('No attempts match these filters')).toBeVisible();
  await page.getByLabel('To', { exact: true }).fill('');
  await expect(rows).toHaveCount(3);
  await page.screenshot({ path: screenshotPath(testInfo, 'history-search') });
});

import { expect, test } from './fixtures';

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
  await page.route('**/api/call', async (route) => {
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

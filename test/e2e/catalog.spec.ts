import { expect, screenshotPath, test } from './fixtures';

test('a candidate added, edited and searched in the UI is a real row', async ({
  app,
}, testInfo) => {
  const { page } = app;
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Candidates' })
    .click();
  await page.getByRole('button', { name: 'Add candidate' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add candidate' });
  await form.getByLabel('Name').fill('Amira Haddad');
  await form.getByLabel('Reference').fill('C-1042');
  await form.getByLabel('Notes').fill('Second sitting');
  await form.getByRole('button', { name: 'Add candidate' }).click();
  await expect(form).toBeHidden();

  const table = page.getByRole('table', { name: 'Candidates' });
  await expect(table.getByRole('row', { name: /Amira Haddad/ })).toContainText('C-1042');
  const [stored] = await app.call('candidates.list', { search: '' });
  expect(stored).toMatchObject({
    name: 'Amira Haddad',
    reference: 'C-1042',
    notes: 'Second sitting',
  });

  await table.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit candidate' });
  await edit.getByLabel('Name').fill('Amira H. Haddad');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(table.getByRole('row', { name: /Amira H\. Haddad/ })).toBeVisible();
  expect((await app.call('candidates.list', { search: 'H.' }))[0]?.id).toBe(stored?.id);

  await page.getByLabel('Search candidates').fill('nobody');
  await expect(page.getByText('No candidates match your search')).toBeVisible();
  await page.getByLabel('Search candidates').fill('');
  await page.screenshot({ path: screenshotPath(testInfo, 'candidates-list') });
});

test('an item added in the UI is listed with its task and keywords', async ({ app }, testInfo) => {
  const { page } = app;
  // The sample items hidden, the bank shows only what this test adds.
  await app.call('settings.update', { showSamples: false });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Items' })
    .click();
  await page.getByRole('button', { name: 'Add item' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add item' });
  await form.getByLabel('Task').selectOption({ label: 'Retell Lecture' });
  await form.getByLabel('Title').fill('Lecture 3: renewable energy');
  await form
    .getByLabel('Reference text')
    .fill('Solar and wind power now supply a growing share of electricity.');
  // One key point a line, each kept exactly as written, commas and full stops included.
  await form.getByLabel('Keywords').fill('solar\nwind power\nU.S. grid, 2030');
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(form).toBeHidden();

  const row = page.getByRole('table', { name: 'Items' }).getByRole('row', { name: /Lecture 3/ });
  await expect(row).toContainText('Retell Lecture');
  await expect(row.getByText('U.S. grid, 2030', { exact: true })).toBeVisible();
  const items = await app.call('items.list', {});
  expect(items).toHaveLength(1);
  expect(items[0]).toMatchObject({
    task: 'rl',
    keywords: ['solar', 'wind power', 'U.S. grid, 2030'],
  });

  await page.getByLabel('Filter by task').selectOption({ label: 'Write From Dictation' });
  await expect(page.getByText('No Write From Dictation items yet')).toBeVisible();
  await page.getByLabel('Filter by task').selectOption({ label: 'All tasks' });
  await page.screenshot({ path: screenshotPath(testInfo, 'items-list') });

  await row.getByRole('button', { name: 'Delete' }).click();
  await row.getByRole('button', { name: 'Delete Lecture 3: renewable energy' }).click();
  await expect(page.getByText('No items yet — add one')).toBeVisible();
  expect(await app.call('items.list', {})).toHaveLength(0);
});

import { academyDay, createBatchByApi, createTeacherByApi, enrolByApi, expect, hasHorizontalOverflow, test, uniqueToken } from '../fixtures';

/*
 * Issue 54, point 2: the office assigns a stray bank credit to a student on a phone (360 × 640). The
 * search opens as a screen of its own (its results under the search box, inside the screen), the
 * student is picked, and the credit becomes a receipt. A name nobody has finds nobody.
 */
test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

const shots = process.env.E2E_SHOTS_DIR;

test('on a phone the office searches a student for a credit that matched nobody, picks them and makes the receipt', async ({ signIn, page }) => {
  test.setTimeout(120_000);
  const token = uniqueToken('stray');
  // A surname of letters only, unlike anyone else's: the search finds this student alone.
  const surname = `Stray${token.replace(/[0-9]/g, (digit) => 'abcdefghij'[Number(digit)]!)}`;
  await signIn('admin');
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com`, password: 'teacher-pass-2026' });
  const batch = await createBatchByApi(page, { name: `Stray batch ${token}`, teacher });
  const standard = ((await (await page.request.get('/api/standards')).json()) as { data: { _id: string }[] }).data[0]!._id;
  const created = await page.request.post('/api/students', { data: { name: `Meera ${surname}`, password: 'student-pass-2026', standard } });
  expect(created.status()).toBe(201);
  const student = ((await created.json()) as { data: { _id: string; studentCode: string } }).data;
  await enrolByApi(page, batch, student._id);
  expect((await page.request.post('/api/fee-plans', { data: { name: 'Term fees', batch, amount: 6000, instalments: [{ dueDate: academyDay(-5), amount: 6000 }] } })).status()).toBe(201);

  // A credit whose narration names nobody the academy knows (a relative paid from their own account).
  const utr = `8${String(Date.now()).slice(-10)}4`;
  const today = academyDay(0);
  const hdfc = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(2, 4)}`;
  const csv = [
    'HDFC BANK Ltd.',
    'Statement From : 01/11/26 To : 30/11/26',
    '',
    'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
    `${hdfc},"UPI-RAMESH UNCLE-r@okicici-ICIC0000001-${utr}-GIFT",0000${utr},${hdfc},,"2,345.00","1,02,345.00"`,
  ].join('\n');

  await page.goto('/app/fees');
  await page.getByRole('tab', { name: 'Bank statement' }).click();
  await page.getByRole('tabpanel').locator('input[type="file"]').setInputFiles({ name: `stray-${token}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Read the statement' }).click();
  const card = page.getByRole('listitem').filter({ hasText: utr });
  await expect(card).toContainText('No match', { timeout: 20_000 });
  // The statement's field shows the bank and the period; the file and what is left wrap under it.
  await expect(page.getByRole('combobox', { name: 'Statement' })).toHaveValue(/^HDFC · /);
  await expect(page.getByRole('tabpanel').getByText(`stray-${token}.csv · 1 credit, 1 without a receipt`)).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);
  if (shots) await page.screenshot({ path: `${shots}/bank-statement-phone-360.png`, fullPage: true });

  // The toast of the read statement lies over the list on a phone (and a finger on it keeps it open): closed.
  await page.getByRole('alert').filter({ hasText: /1 new credits?/ }).getByRole('button').click();
  // Nothing chosen yet: no receipt can be made.
  await expect(card.getByRole('button', { name: 'Make receipt' })).toBeDisabled();
  // Where the card is once in view (the tap brings it there): the page stays there through the search.
  await card.getByRole('button', { name: 'Student for this credit' }).scrollIntoViewIfNeeded();
  const scrolledBefore = await page.evaluate(() => window.scrollY);
  await card.getByRole('button', { name: 'Student for this credit' }).click();
  const search = page.getByRole('dialog', { name: 'Student for this credit' });
  await expect(search).toBeVisible();
  // A name nobody has: said so, nothing to pick.
  await search.getByLabel('Search a student').fill('Zzqx Nobody');
  await expect(search.getByText('No student found')).toBeVisible({ timeout: 15_000 });
  await search.getByLabel('Search a student').fill(surname);
  const result = search.getByRole('button', { name: `Meera ${surname} · ${student.studentCode}` });
  await expect(result).toBeVisible({ timeout: 15_000 });
  // The result is on the screen, not below it.
  const box = (await result.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(640);
  if (shots) await page.screenshot({ path: `${shots}/bank-statement-phone-search-360.png` });
  await result.click();
  await expect(search).toBeHidden();
  // The page behind did not jump.
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolledBefore)).toBeLessThan(5);
  await expect(card.getByRole('button', { name: `Student for this credit: Meera ${surname} · ${student.studentCode}` })).toBeVisible();

  await card.getByRole('button', { name: 'Make receipt' }).click();
  await expect(card).toContainText('Receipted', { timeout: 20_000 });
  const receipts = ((await (await page.request.get(`/api/students/${student._id}/fees`)).json()) as { data: { payments: { amount: number; reference: string | null }[] } }).data.payments;
  expect(receipts.filter((receipt) => receipt.reference === utr)).toEqual([expect.objectContaining({ amount: 2345 })]);
  if (shots) await page.screenshot({ path: `${shots}/bank-statement-phone-receipted-360.png`, fullPage: true });
});

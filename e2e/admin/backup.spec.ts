import fs from 'node:fs';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import ExcelJS from 'exceljs';
import { expect, test } from '../fixtures';

/** The same archive with its manifest's signature (manifest.sig) left out, as an unsigned backup would be. */
async function withoutSignature(archive: Buffer): Promise<Buffer> {
  const extract = tar.extract();
  extract.end(zlib.gunzipSync(archive));
  const pack = tar.pack();
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk);
    if (entry.header.name !== 'manifest.sig') pack.entry({ name: entry.header.name, size: Buffer.concat(chunks).length }, Buffer.concat(chunks));
  }
  pack.finalize();
  const packed: Buffer[] = [];
  for await (const chunk of pack) packed.push(chunk);
  return zlib.gzipSync(Buffer.concat(packed));
}

// Making, listing, downloading and uploading backups changes no data, so these run beside the other
// specs. Restoring replaces everything: that test is in backup-restore.spec.ts, which runs after all others.
test.describe('backups', () => {
  // One after another in one worker: two of these tests start a backup, and a second backup while one
  // runs is refused ("A backup or restore is already running"), which failed CI once.
  test.describe.configure({ mode: 'default' });

  test('the admin sees the background jobs with their last and next run', async ({ page, loginAs }) => {
    await loginAs('admin', '/app/backup');
    const jobs = page.getByRole('region', { name: 'Background jobs' });
    // At least today's four (later features add more).
    // The backup screen's first load beside other specs can take longer than the default wait.
    await expect(jobs.getByRole('listitem').filter({ hasText: 'Expired sessions, sign-in failures and codes removed' })).toContainText('every hour', { timeout: 20_000 });
    // At its backup time, and every 10 minutes behind that (decision 115).
    await expect(jobs.getByRole('listitem').filter({ hasText: 'Automatic backup' })).toContainText('every 10 minutes');
    // Every job runs once right after the start of a new server.
    const notifications = jobs.getByRole('listitem').filter({ hasText: 'Announcement notifications' });
    await expect(notifications).toContainText('every 5 minutes');
    await expect(notifications).toContainText(/Last run \d{2}-\d{2}-\d{4}, \d{1,2}:\d{2} [AP]M/, { timeout: 20_000 });
    await expect(notifications).toContainText('OK');
    await expect(notifications).toContainText(/Next run \d{2}-\d{2}-\d{4}/);
    await expect(jobs.getByRole('listitem').filter({ hasText: 'Old rate-limit counters removed' })).toContainText('every 10 minutes');
  });

  test('the admin creates a backup, sees it listed, downloads it and uploads it again', async ({ page, loginAs }) => {
    await loginAs('admin');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Backup', exact: true }).click();
    await expect(page).toHaveURL('/app/backup');
    await expect(page.getByRole('heading', { level: 1, name: 'Backup' })).toBeVisible();
    await expect(page.getByText(/Every day at 02:00 \(India Standard Time\)/)).toBeVisible();

    const rows = page.getByRole('table', { name: 'Backups' }).getByRole('row');
    // Other specs may make backups at the same time: follow this one by the name its job reports.
    const finished = page.waitForResponse(async (response) => response.url().includes('/api/admin/backups/jobs/') && (await response.json()).data?.status === 'succeeded');
    await page.getByRole('button', { name: 'Create backup now' }).click();
    const name = ((await (await finished).json()).data.backupName as string) ?? '';
    await expect(page.getByRole('status').filter({ hasText: 'Backup created' })).toBeVisible({ timeout: 20_000 });
    const newest = rows.filter({ has: page.locator(`a[download="${name}"]`) });
    await expect(newest).toContainText('Manual');
    // Other specs add people while this runs: the count is checked, not the exact number.
    await expect(newest).toContainText(/\d+ students · \d+ teachers/);

    const downloadPromise = page.waitForEvent('download');
    await newest.getByRole('link', { name: /Download the backup of/ }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^academy-\d{8}-\d{6}-manual-[0-9a-f]{6}\.tar\.gz$/);
    const file = await download.path();
    const bytes = fs.readFileSync(file);
    // A gzip stream, the size the list shows.
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));

    // From a file, as a phone picks it: with the lectures' videos (other specs upload them) a backup passes the
    // 50 MB Playwright takes as a buffer.
    const downloaded = test.info().outputPath('downloaded.tar.gz');
    fs.copyFileSync(file, downloaded);
    await page.locator('input[type="file"]').setInputFiles(downloaded);
    await expect(page.getByRole('status').filter({ hasText: 'Backup uploaded and checked' })).toBeVisible({ timeout: 20_000 });
    await expect(rows.filter({ hasText: 'Uploaded' }).first()).toBeVisible();

    // Everything in Excel (issue 39): the whole academy as one workbook, the students with their parents.
    const workbookDownload = page.waitForEvent('download');
    await page.getByRole('region', { name: 'Everything in Excel' }).getByRole('link', { name: 'Download Excel file' }).click();
    const workbookFile = await workbookDownload;
    expect(workbookFile.suggestedFilename()).toMatch(/^academy-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbookBytes = fs.readFileSync(await workbookFile.path());
    // An xlsx file is a zip.
    expect(workbookBytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(workbookBytes).buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Students', 'Teachers', 'Batches', 'Enrolments', 'Attendance', 'Dues', 'Receipts', 'Test marks']);
    const students = workbook.getWorksheet('Students')!;
    const header = (students.getRow(1).values as unknown[]).map(String);
    const aarav = students.getRows(2, students.rowCount - 1)!.find((row) => row.getCell(header.indexOf('Name')).value === 'Aarav Patil');
    // The demo student and his father (other specs may add parents, never remove this one).
    expect(aarav?.getCell(header.indexOf('Parent 1 name')).value).toBe('Ramesh Patil');
  });

  test('a bad upload shows what is wrong, and the restore needs the typed word', async ({ page, loginAs }) => {
    await loginAs('admin', '/app/backup');
    await page.locator('input[type="file"]').setInputFiles({ name: 'notes.tar.gz', mimeType: 'application/gzip', buffer: Buffer.from('this is not an archive') });
    const alert = page.getByRole('alert').filter({ hasText: 'The backup was not uploaded' });
    await expect(alert).toContainText('not a readable Academy backup');
    await expect(alert).toContainText('Nothing was changed');

    // Make sure one backup is listed, then open its restore dialog without restoring.
    await page.request.post('/api/admin/backups');
    await expect.poll(async () => ((await (await page.request.get('/api/admin/backups')).json()).data.backups as unknown[]).length).toBeGreaterThan(0);
    await page.reload();
    await page.getByRole('button', { name: /Restore the backup of/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Restore this backup?' });
    await expect(dialog).toContainText('This replaces all current data');
    const restore = dialog.getByRole('button', { name: 'Restore', exact: true });
    await expect(restore).toBeDisabled();
    await dialog.getByLabel('Type RESTORE to confirm').fill('restore');
    await expect(restore).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a backup not signed by this server is refused on upload, saying why (issue 35, finding 6)', async ({ signIn, page }) => {
    await signIn('admin');
    await page.request.post('/api/admin/backups');
    const listed = async () => ((await (await page.request.get('/api/admin/backups')).json()).data.backups as { name: string; readable: boolean }[]).filter((backup) => backup.readable);
    await expect.poll(async () => (await listed()).length).toBeGreaterThan(0);
    const [backup] = await listed();
    const download = await page.request.get(`/api/admin/backups/${backup!.name}/download`);
    expect(download.status()).toBe(200);
    const unsigned = await withoutSignature(await download.body());

    await page.goto('/app/backup');
    const unsignedFile = test.info().outputPath('unsigned.tar.gz');
    fs.writeFileSync(unsignedFile, unsigned);
    await page.locator('input[type="file"]').setInputFiles(unsignedFile);
    const alert = page.getByRole('alert').filter({ hasText: 'The backup was not uploaded' });
    await expect(alert).toContainText("This backup was not made by this academy's server, or it was changed after it was made. Nothing was changed.");
  });

  test('the backup time is set in Settings, linked from the backup screen', async ({ page, loginAs }) => {
    await loginAs('admin', '/app/backup');
    await page.getByRole('link', { name: 'Change the time in Settings' }).click();
    await expect(page).toHaveURL('/app/settings');
    await expect(page.getByLabel('Backup time')).toHaveValue('02:00');
  });

  test('a teacher cannot open the backup screen or its API', async ({ page, loginAs }) => {
    await loginAs('teacher', '/app/backup');
    await expect(page).toHaveURL('/app/teacher/dashboard');
    expect((await page.request.get('/api/admin/backups')).status()).toBe(403);
  });

  test('works on a phone', async ({ page, loginAs }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await loginAs('admin', '/app/backup');
    await expect(page.getByRole('button', { name: 'Create backup now' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1)).toBe(false);
  });
});

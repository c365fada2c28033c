import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { expect, test } from '../fixtures';

/**
 * Backups off the machine (issue 52): the admin points Academy at a bucket, tests it, saves, keeps the
 * recovery sheet, and sees a new backup copied there, encrypted. The bucket is s3rver (a local
 * S3-compatible stand-in, tests only) started by this spec on a free loopback port with its own folder,
 * so it depends on no other spec. Off-site backups are one setting for the whole academy: the spec turns
 * them off again at the end, before its bucket goes away, so no other spec sees a failed copy.
 */
const BUCKET = 'e2e-offsite';
let s3: S3rver;
let s3Dir: string;
let port: number;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const chosen = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(chosen));
    });
    server.on('error', reject);
  });
}

/** s3rver's stored objects: <dir>/<bucket>/<key>._S3rver_object. */
function storedObject(key: string): Buffer | undefined {
  const file = path.join(s3Dir, BUCKET, `${key}._S3rver_object`);
  return fs.existsSync(file) ? fs.readFileSync(file) : undefined;
}

test.describe('backups off the machine', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-e2e-s3-'));
    port = await freePort();
    s3 = new S3rver({ address: '127.0.0.1', port, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
    await s3.run();
  });

  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage({ baseURL: test.info().project.use.baseURL });
    await page.request.post('/api/auth/login', { data: { email: 'admin@demo.academy', password: 'latur-demo-2026' } });
    await page.request.put('/api/admin/settings/backups', { data: { offsite: null } });
    await page.close();
    await s3.close();
    fs.rmSync(s3Dir, { recursive: true, force: true });
  });

  test('the admin sets up the bucket, tests it, keeps the recovery sheet and sees a backup copied there, encrypted', async ({ page, loginAs }) => {
    await loginAs('admin', '/app/backup');
    const form = page.getByRole('form', { name: 'Backups off the machine' });
    // The Backup screen's first load beside other specs can be slow.
    await expect(form).toBeVisible({ timeout: 45_000 });

    // Bad input is flagged before anything is sent.
    await form.getByRole('textbox', { name: 'Endpoint', exact: true }).fill('s3.example.com/bucket');
    await form.getByRole('button', { name: 'Test the bucket' }).click();
    await expect(form.getByText('Enter the endpoint as an address such as https://s3.eu-central-1.amazonaws.com (no path)')).toBeVisible();

    await form.getByRole('textbox', { name: 'Endpoint', exact: true }).fill(`http://127.0.0.1:${port}`);
    await form.getByRole('textbox', { name: 'Region', exact: true }).fill('us-east-1');
    await form.getByRole('textbox', { name: 'Bucket', exact: true }).fill(BUCKET);
    await form.getByRole('textbox', { name: 'Folder in the bucket' }).fill('latur');
    await form.getByRole('switch', { name: /Address the bucket by path/ }).check({ force: true });
    // s3rver checks the access key ID (not every signature): a wrong ID stands for wrong keys.
    await form.getByLabel('Access key ID', { exact: true }).fill('WRONG-KEY');
    await form.getByLabel('Secret access key', { exact: true }).fill('S3RVER');
    await form.getByRole('button', { name: 'Test the bucket' }).click();
    await expect(form.getByRole('alert').filter({ hasText: 'The bucket refused the access keys' })).toBeVisible({ timeout: 20_000 });

    await form.getByLabel('Access key ID', { exact: true }).fill('S3RVER');
    await form.getByRole('button', { name: 'Test the bucket' }).click();
    await expect(form.getByRole('status').filter({ hasText: 'The bucket works: a small test file was written and deleted' })).toBeVisible({ timeout: 20_000 });

    await form.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText('Off-site backup settings saved')).toBeVisible();
    // The keys are write-only: the fields are empty again and say a key is saved.
    await expect(form.getByLabel('Secret access key', { exact: true })).toHaveValue('');
    await expect(form.getByText('Saved — type to replace').first()).toBeVisible();

    // The recovery sheet, once.
    const sheetAlert = form.getByRole('alert').filter({ hasText: 'Download the recovery sheet now' });
    await expect(sheetAlert).toBeVisible();
    const downloading = page.waitForEvent('download');
    await sheetAlert.getByRole('link', { name: 'Download the recovery sheet' }).click();
    const sheet = fs.readFileSync((await (await downloading).path())!, 'utf8');
    expect(sheet).toMatch(/Recovery key: ([0-9a-f]{8}-){7}[0-9a-f]{8}/);
    expect(sheet).toContain('Without this key nobody can read those backups');
    await expect(form.getByText(/its sheet was downloaded/)).toBeVisible({ timeout: 10_000 });
    expect((await page.request.get('/api/admin/settings/backups/recovery-sheet')).status()).toBe(409);

    // A backup made now goes to the bucket, encrypted.
    const finished = page.waitForResponse(async (response) => response.url().includes('/api/admin/backups/jobs/') && (await response.json()).data?.status === 'succeeded');
    await page.getByRole('button', { name: 'Create backup now' }).click();
    const name = (await (await finished).json()).data.backupName as string;
    const row = page.getByRole('table', { name: 'Backups' }).getByRole('row').filter({ has: page.locator(`a[download="${name}"]`) });
    await expect(row).toContainText('Copied', { timeout: 20_000 });
    const object = storedObject(`latur/${name}.enc`);
    expect(object).toBeDefined();
    expect(object!.subarray(0, 8).toString('ascii')).toBe('ACADENC1');
    expect(object!.includes(Buffer.from('Aarav Patil'))).toBe(false);

    // The bucket's list offers it for a restore.
    const bucket = page.getByRole('list', { name: 'Backups in the bucket' });
    await page.getByRole('button', { name: 'Show the backups in the bucket' }).click();
    await expect(bucket.getByRole('listitem').filter({ hasText: name })).toContainText('Also on this machine');
    await bucket.getByRole('button', { name: `Restore ${name} from the bucket` }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore this backup?' });
    await expect(dialog).toContainText(`From the bucket: ${name}`);
    await expect(dialog.getByRole('button', { name: 'Restore' })).toBeDisabled();
    // Restoring would sign everyone out of the shared server: backup-restore.spec.ts covers restores; cancel here.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  test('a teacher cannot reach the off-site settings or the bucket', async ({ page, loginAs }) => {
    await loginAs('teacher');
    for (const [method, url] of [
      ['get', '/api/admin/settings/backups'],
      ['put', '/api/admin/settings/backups'],
      ['post', '/api/admin/settings/backups/test'],
      ['get', '/api/admin/settings/backups/recovery-sheet'],
      ['get', '/api/admin/backups/remote'],
      ['post', '/api/admin/backups/remote/restore'],
    ] as const) {
      const response = await page.request[method](url, method === 'get' ? undefined : { data: {} });
      expect(response.status(), url).toBe(403);
    }
  });
});

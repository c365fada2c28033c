// Headless Chromium (Debian's) opens the site over HTTPS through Caddy and signs in with the form
// (scripts/prove-caddy.sh). Usage: node browser-sign-in.mjs URL EMAIL PASSWORD
import { chromium } from '@playwright/test';

const [url, email, password] = process.argv.slice(2);
// Caddy's own CA signed the certificate for localhost: accepted here, as a browser would after a warning.
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
try {
  const page = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage();
  const response = await page.goto(`${url}/login`);
  console.log(`GET ${url}/login → ${response?.status()}`);
  await page.getByLabel('Email or student ID', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  try {
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor({ timeout: 60_000 });
  } catch (error) {
    console.log(`Not signed in: ${page.url()} shows:\n${(await page.locator('body').innerText()).slice(0, 800)}`);
    if (process.env.SCREENSHOT) await page.screenshot({ path: process.env.SCREENSHOT });
    throw error;
  }
  const protocols = await page.evaluate(() => [...new Set(performance.getEntriesByType('resource').concat(performance.getEntriesByType('navigation')).map((entry) => entry.nextHopProtocol))]);
  console.log(`Signed in: ${page.url()} shows the Dashboard heading; protocols used by the page: ${protocols.join(', ')}`);
} finally {
  await browser.close();
}

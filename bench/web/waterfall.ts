/**
 * `npx tsx bench/web/waterfall.ts <path> <email>`: one signed-in screen opened on Slow 3G from an
 * empty cache (as `npm run bench:web` opens it), until the app has taken it over, with every request's start, end, size and type, in the
 * order they started: where a first screen's seconds go (issue 56). `--no-build` is implied: run
 * `npm run build` first.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, contentShown, startServer } from './server';

const [screenPath = '/app/student/dashboard', email = 'aarav.patil@demo.academy'] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const server = await startServer();
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, serviceWorkers: 'block' });
  const signIn = await context.request.post(`${server.baseUrl}/api/auth/login`, { data: { email, password: 'latur-demo-2026' } });
  if (!signIn.ok()) throw new Error(`Signing in as ${email} failed: ${signIn.status()}`);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 2000, downloadThroughput: 50 * 1024, uploadThroughput: 50 * 1024 });
  const rows = new Map<string, { url: string; type: string; start: number; end?: number; bytes?: number }>();
  let origin = 0;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (!origin) origin = event.timestamp;
    rows.set(event.requestId, { url: event.request.url.replace(server.baseUrl, ''), type: event.type ?? '', start: event.timestamp - origin });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const row = rows.get(event.requestId);
    if (row) Object.assign(row, { end: event.timestamp - origin, bytes: event.encodedDataLength });
  });
  await page.goto(`${server.baseUrl}${screenPath}`, { waitUntil: 'commit' });
  console.log(`content at ${((await contentShown(page)) / 1000).toFixed(1)} s`);
  // Then until the app has taken the page over (issue 74): what the take-over waited for.
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 180_000 });
  console.log(`taken over at ${((await page.evaluate(() => performance.now())) / 1000).toFixed(1)} s`);
  for (const row of rows.values()) console.log(`${row.start.toFixed(1).padStart(5)} → ${(row.end ?? NaN).toFixed(1).padStart(5)}  ${((row.bytes ?? 0) / 1000).toFixed(1).padStart(6)} kB  ${row.type.padEnd(10)} ${row.url}`);
  await browser.close();
} finally {
  await server.stop();
}

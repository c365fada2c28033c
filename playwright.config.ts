import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_DNS_SERVER, E2E_PROVIDERS_BASE } from './e2e/stand-ins/provider-credentials';

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the real server
// on a fresh bundled PostgreSQL with the demo academy, in a throw-away DATA_DIR.
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = path.join(os.tmpdir(), `academy-e2e-${port}`);
// Many academies (issue 55): a hosted server at port + 2, the platform at localhost, each academy at <slug>.localhost.
export const MANY_PORT = port + 2;
export const MANY_DATA_DIR = path.join(os.tmpdir(), `academy-e2e-many-${MANY_PORT}`);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  // Whole flows (sign in, create, a second browser signing in, delete) on a 2-core machine running two
  // workers beside the server and its database need more than 30 s at times.
  timeout: 60_000,
  // A first signed-in page in a new browser downloads the app's code; beside a second worker, the server
  // and its database on 2 cores that took more than 7 s in CI runs (pages still "Loading…").
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    // A trace only on a failed test's retry: recorded for every test (retain-on-failure), its screencast and DOM
    // snapshots doubled the suite's time on a 2-core machine (28 admin tests: 6.1 min with, 3.0 without). A first
    // failure still leaves its screenshot and its page's snapshot (error-context.md).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    // The longest journeys of their own projects first (a lecture's upload and its renditions take two minutes,
    // the hosted server's specs half a minute each), beside the first of the many chromium tests: the serial
    // projects below wait for every chromium test, and a long spec left to the end ran alone.
    // Lectures recorded and uploaded from a teacher's phone (decision 087): Chromium's fake camera and microphone.
    {
      name: 'lecture-phone',
      use: {
        viewport: { width: 360, height: 780 },
        isMobile: true,
        hasTouch: true,
        serviceWorkers: 'block',
        permissions: ['camera', 'microphone'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
        },
      },
      testMatch: /teacher\/lecture-(record|upload)\.spec\.ts/,
    },
    // Many academies (issue 55): the platform's specs (e2e/platform) against the ACADEMY_HOSTING=many server.
    { name: 'operator', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, baseURL: `http://localhost:${MANY_PORT}` }, testMatch: /platform\/operator\.spec\.ts/ },
    // Two owners sign up two academies on the hosted server (ACADEMY_HOSTING=many), at its own port; two
    // academies' own brands (issue 78).
    { name: 'many-academies', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, baseURL: `http://localhost:${MANY_PORT}` }, testMatch: /platform\/(many-academies|own-domain|new-academy-marathi|brand-two-academies)\.spec\.ts/ },
    // Service workers off unless a spec tests what they do (offline, reload without a network, push: those specs
    // say `serviceWorkers: 'allow'`): each new browser context would otherwise download the whole app again to
    // precache it, beside the test (issue 56's CI time).
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' }, testIgnore: [/backup-restore\.spec\.ts/, /family-by-phone\.spec\.ts/, /held-messages\.spec\.ts/, /whatsapp-conversations\.spec\.ts/, /admin\/gst\.spec\.ts/, /platform\//, /teacher\/lecture-(record|upload)\.spec\.ts/] },
    // A family reached by WhatsApp and SMS turns those channels on for the whole academy (other specs
    // expect them off, e.g. the admission form offering no phone code): it runs after the others.
    { name: 'family-by-phone', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } }, testMatch: /family-by-phone\.spec\.ts/, dependencies: ['chromium'] },
    // Messages held by quiet hours (issue 54) turn WhatsApp on and set quiet hours around the moment: alone, after those.
    { name: 'held-messages', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } }, testMatch: /held-messages\.spec\.ts/, dependencies: ['family-by-phone'] },
    // GST on for the demo academy (issue 57) makes every receipt a tax invoice while it lasts: alone, after those.
    // Families' WhatsApp conversations (issue 60) turn WhatsApp on (without quiet hours): alone, after those.
    { name: 'whatsapp-conversations', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } }, testMatch: /whatsapp-conversations\.spec\.ts/, dependencies: ['held-messages'] },
    { name: 'gst', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } }, testMatch: /admin\/gst\.spec\.ts/, dependencies: ['whatsapp-conversations'] },
    // A restore replaces all data and sign-ins: it runs alone, after every other test.
    { name: 'restore', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } }, testMatch: /backup-restore\.spec\.ts/, dependencies: ['gst'] },
  ],
  webServer: [
    {
      // Local stand-ins of the WhatsApp Cloud API and MSG91 (tests only): the app below sends to them.
      command: 'npx tsx e2e/stand-ins/run-providers.ts',
      url: `${E2E_PROVIDERS_BASE}/_stand-in/sent`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_PORT: String(port) },
    },
    {
      // A fresh data folder every run, so the demo academy is seeded the same way each time.
      command: `rm -rf "${dataDir}" && node scripts/start.mjs server`,
      url: `http://localhost:${port}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        WHATSAPP_API_BASE: E2E_PROVIDERS_BASE,
        MSG91_API_BASE: E2E_PROVIDERS_BASE,
        // Specs mark today's register of the demo's 7:00 AM and 5:00 PM batches at any hour of the run.
        ATTENDANCE_OPENS_MINUTES_BEFORE: '1440',
      },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
    {
      // Many academies (issue 55): the platform at localhost, academies at <slug>.localhost (Chromium resolves them here).
      command: `rm -rf "${MANY_DATA_DIR}" && node scripts/start.mjs server`,
      url: `http://localhost:${MANY_PORT}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(MANY_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: MANY_DATA_DIR,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        ACADEMY_HOSTING: 'many',
        BASE_DOMAIN: 'localhost',
        WHATSAPP_API_BASE: E2E_PROVIDERS_BASE,
        MSG91_API_BASE: E2E_PROVIDERS_BASE,
        DOMAIN_CHECK_DNS_SERVERS: E2E_DNS_SERVER,
      },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
  ],
});

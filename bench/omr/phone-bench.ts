/**
 * The phone's side of the OMR bench (issue 76, decision 086): the photo set read in Chromium by the
 * web app's own reading code (apps/web/src/features/exams/omr-read-photo.ts, bundled as the Scan
 * screen's worker bundles it: decode with createImageBitmap, an OffscreenCanvas at the working size,
 * greyscale, the shared reader), on the page's main thread with the CPU slowed 4× (CDP
 * Emulation.setCPUThrottlingRate, the usual stand-in for a mid-range phone), one photo after another.
 */
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import type { PhoneReadingResult } from '../../apps/web/src/features/exams/omr-read-photo';

export const PHONE_SLOWDOWN = 4;

export async function readInChromium(photos: Buffer[], slowdown = PHONE_SLOWDOWN): Promise<PhoneReadingResult[]> {
  const bundle = await build({
    stdin: {
      contents: "import { readPhoto } from './apps/web/src/features/exams/omr-read-photo'; (globalThis as unknown as { readPhoto: typeof readPhoto }).readPhoto = readPhoto;",
      resolveDir: path.resolve(import.meta.dirname, '../..'),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>OMR phone bench</title>');
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    const results: PhoneReadingResult[] = [];
    for (const photo of photos) {
      // The bytes arrive first (not timed: on a phone the camera hands them over), then one read, timed inside the page.
      await page.evaluate((base64) => {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        (globalThis as unknown as { photo: Blob }).photo = new Blob([bytes], { type: 'image/jpeg' });
      }, photo.toString('base64'));
      results.push(await page.evaluate(() => {
        const scope = globalThis as unknown as { photo: Blob; readPhoto: (photo: Blob) => Promise<PhoneReadingResult> };
        return scope.readPhoto(scope.photo);
      }));
    }
    return results;
  } finally {
    await browser.close();
  }
}

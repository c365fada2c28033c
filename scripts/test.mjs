// `npm test`: every check this project has, with one closing line "N passed, N failed".
// Lint, type errors, the build and the size budget count as one failure each; tests count one by one
// (Vitest and Playwright), and so do the crash proof's trials. It first makes sure the machine has what
// the tests need (Debian's Chromium, poppler and ffmpeg), and ends with a table of where the minutes went.
//
// The order keeps a 2-core machine busy (issue 52): lint, type check and build run side by side (each
// is mostly one core), then the unit and API tests, the size budget, the end-to-end tests and the
// crash proof, each of which uses the whole machine on its own.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
const logs = path.join(results, 'logs');
fs.mkdirSync(logs, { recursive: true });
const onlyUnit = process.argv.includes('--unit');

let passed = 0;
let failed = 0;
/** [label, seconds] per step, for the closing table. */
const timings = [];
const started = Date.now();

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Runs a command with its output on the terminal; resolves to whether it exited 0. */
function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const begin = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push([label, (Date.now() - begin) / 1000]);
  return result.status === 0;
}

/**
 * Runs commands side by side, each into its own log (test-results/logs/<label>.log), printed whole
 * when it ends so the outputs never interleave. Resolves to each one's success, in order.
 */
async function runSideBySide(steps) {
  const begin = Date.now();
  console.log(`\n=== side by side: ${steps.map((step) => step.label).join(', ')}`);
  const outcomes = await Promise.all(
    steps.map(
      ({ label, command, args }) =>
        new Promise((resolve) => {
          const stepBegin = Date.now();
          const logFile = path.join(logs, `${label}.log`);
          const out = fs.openSync(logFile, 'w');
          const child = spawn(command, args, { cwd: root, stdio: ['ignore', out, out], env: process.env });
          const finish = (ok) => {
            fs.closeSync(out);
            const seconds = (Date.now() - stepBegin) / 1000;
            timings.push([`${label} (side by side)`, seconds]);
            console.log(`\n=== ${label}: ${command} ${args.join(' ')} (${ok ? 'passed' : 'FAILED'} in ${formatSeconds(seconds)})`);
            process.stdout.write(fs.readFileSync(logFile, 'utf8'));
            resolve(ok);
          };
          child.on('error', () => finish(false));
          child.on('close', (code) => finish(code === 0));
        }),
    ),
  );
  timings.push(['  (that stage, wall clock)', (Date.now() - begin) / 1000]);
  return outcomes;
}

function formatSeconds(seconds) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * Debian's Chromium (end-to-end tests), poppler's pdftotext (PDF tests read Marathi and Hindi back) and
 * ffmpeg (a lecture's renditions, issue 75) installed when missing, as root through apt-get or else through `sudo -n`; otherwise a message
 * saying what to install. Resolves to whether they are there.
 */
function ensureTestTools() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
  const missing = [];
  if (!fs.existsSync(chromium)) missing.push('chromium');
  if (!has('pdftotext')) missing.push('poppler-utils');
  if (!fs.existsSync('/usr/bin/ffmpeg') || !fs.existsSync('/usr/bin/ffprobe')) missing.push('ffmpeg');
  if (missing.length === 0) return true;
  const asRoot = process.getuid?.() === 0;
  const canSudo = !asRoot && has('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  if (has('apt-get') && (asRoot || canSudo)) {
    console.log(`\n=== installing ${missing.join(' and ')} for the tests (Debian's packages)`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const apt = (args) => (asRoot ? spawnSync('apt-get', args, { stdio: 'inherit', env }) : spawnSync('sudo', ['-n', 'apt-get', ...args], { stdio: 'inherit', env })).status === 0;
    if (apt(['update', '-qq']) && apt(['install', '-y', '-qq', ...missing]) && fs.existsSync(chromium) && has('pdftotext') && fs.existsSync('/usr/bin/ffmpeg')) return true;
  }
  console.log(
    `\n=== The tests need ${missing.join(' and ')}, which this machine lacks and npm test could not install.\n` +
      `    On Debian or Ubuntu: sudo apt-get install -y chromium poppler-utils ffmpeg\n` +
      `    (or set CHROMIUM_PATH to a Chromium of your own). The end-to-end, PDF and lecture tests fail without them.`,
  );
  return false;
}

const toolsReady = onlyUnit || ensureTestTools();
if (!toolsReady) failed += 1;

const [lintOk, typecheckOk, buildOk] = await runSideBySide([
  { label: 'lint', command: 'npm', args: ['run', 'lint'] },
  { label: 'typecheck', command: 'npm', args: ['run', 'typecheck'] },
  ...(onlyUnit ? [] : [{ label: 'build', command: 'npm', args: ['run', 'build'] }]),
]);
for (const ok of onlyUnit ? [lintOk, typecheckOk] : [lintOk, typecheckOk, buildOk]) {
  if (ok) passed += 1;
  else failed += 1;
}

const vitestJson = path.join(results, 'vitest.json');
fs.rmSync(vitestJson, { force: true });
const vitestOk = run('unit and API tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const vitest = readJson(vitestJson);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitestOk || vitest.numFailedTests > 0 ? 0 : 1);
} else failed += 1;

if (!onlyUnit && buildOk) {
  // The landing page's first JavaScript stays under its budget; counted like lint, one check.
  if (run('size', 'npm', ['run', 'size'])) passed += 1;
  else failed += 1;
  const playwrightJson = path.join(results, 'playwright.json');
  fs.rmSync(playwrightJson, { force: true });
  const e2eOk = run('end-to-end tests', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson });
  const report = readJson(playwrightJson);
  if (report?.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected + (e2eOk || report.stats.unexpected > 0 ? 0 : 1);
  } else failed += 1;
  // Proof that acknowledged writes survive kill -9 (issue 10); each trial counts. Longer runs by hand.
  const proofBegin = Date.now();
  const proof = spawnSync('npm', ['run', '--silent', 'proof:crash', '--', '--trials', process.env.PROOF_TRIALS ?? '10'], { cwd: root, encoding: 'utf8', env: process.env });
  timings.push(['crash proof', (Date.now() - proofBegin) / 1000]);
  console.log('\n=== crash proof: npm run proof:crash');
  process.stdout.write(proof.stdout ?? '');
  process.stderr.write(proof.stderr ?? '');
  const summary = (proof.stdout ?? '').match(/^\d+ passed, \d+ failed\s*$/gm)?.at(-1);
  const counts = summary ? /^(\d+) passed, (\d+) failed/.exec(summary) : null;
  if (counts) {
    passed += Number(counts[1]);
    failed += Number(counts[2]) + (proof.status === 0 || Number(counts[2]) > 0 ? 0 : 1);
  } else failed += 1;
}

console.log('\n=== Where the minutes went');
for (const [label, seconds] of timings) console.log(`  ${label.padEnd(34)} ${formatSeconds(seconds).padStart(6)}`);
console.log(`  ${'npm test in all'.padEnd(34)} ${formatSeconds((Date.now() - started) / 1000).padStart(6)}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

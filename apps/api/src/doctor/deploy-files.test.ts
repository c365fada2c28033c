import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig, SETTING_NAMES } from '../config';
import { repoRoot } from '../paths';

const deploy = (file: string) => fs.readFileSync(path.join(repoRoot, 'deploy', file), 'utf8');

describe('deploy/ (issue 52)', () => {
  it('academy.env.example names every variable the server reads, and nothing else', () => {
    const example = parseEnv(deploy('academy.env.example'));
    expect(Object.keys(example).sort()).toEqual([...SETTING_NAMES].sort());
  });

  it('academy.env.example, once APP_SECRET is filled in, is a production configuration the server accepts', () => {
    const example = parseEnv(deploy('academy.env.example'));
    const config = loadConfig({ ...example, APP_SECRET: 'f'.repeat(8) + '0123456789abcdef0123456789abcdef' });
    expect(config).toMatchObject({ isProduction: true, host: '127.0.0.1', trustProxy: ['127.0.0.1'], mailFrom: { name: 'Shree Academy', address: 'office@academy.example.in' } });
  });

  it('the unit reads that file and runs the built server the way `npm start` does, in production', () => {
    const unit = deploy('academy.service');
    expect(unit).toContain('EnvironmentFile=/etc/academy/academy.env');
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node --enable-source-maps apps\/api\/dist\/server\.js$/m);
    expect(fs.readFileSync(path.join(repoRoot, 'scripts', 'start.mjs'), 'utf8')).toContain("'apps/api/dist/server.js'");
    expect(unit).toMatch(/^Environment=NODE_ENV=production$/m);
    // Longer than the bundled PostgreSQL's own stop limit (pg_ctl stop -t 60).
    expect(Number(/^TimeoutStopSec=(\d+)s$/m.exec(unit)?.[1])).toBeGreaterThan(60);
  });
});

describe('the Node the project names (issue 71)', () => {
  const root = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');
  // semver comes with npm's tools (no types of its own): only its range check is used.
  const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean; minVersion(range: string): { version: string } };

  it('README, package.json engines and CI name one minimum, and every locked package runs on it', () => {
    const engines = (JSON.parse(root('package.json')) as { engines: { node: string } }).engines.node;
    const minimum = semver.minVersion(engines).version;
    expect(root('README.md')).toContain(`You need Node.js ${minimum.replace(/\.0$/, '')}+`);
    expect(/^ACADEMY_NODE_MINIMUM=(\S+)$/m.exec(root('.ci/use-node.sh'))?.[1]).toBe(minimum);
    expect(root('.ci/run')).toMatch(/^source \.ci\/use-node\.sh$/m);
    const lock = JSON.parse(root('package-lock.json')) as { packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean; os?: string[] }> };
    const refusing = Object.entries(lock.packages)
      // An optional build for another system is never installed here (Academy runs on Linux): sharp's
      // 32-bit Windows build, for one, stops at Node 20.
      .filter(([, entry]) => !(entry.optional && entry.os && !entry.os.includes('linux')))
      .filter(([, entry]) => !Array.isArray(entry.engines) && entry.engines?.node && !semver.satisfies(minimum, entry.engines.node))
      .map(([name, entry]) => `${name} ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});

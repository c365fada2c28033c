import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RemoveScroll as library } from 'react-remove-scroll';
import { RemoveScroll } from './remove-scroll-class-names';

const require = createRequire(import.meta.url);

describe("AppShell's class names without react-remove-scroll (build/app-shell-imports.ts)", () => {
  it('names the classes as the library does', () => {
    expect(RemoveScroll.classNames).toEqual({ zeroRight: library.classNames.zeroRight, fullWidth: library.classNames.fullWidth });
  });

  it('is all that the AppShell parts take from the library', () => {
    const core = require.resolve('@mantine/core').replace(/([\\/]@mantine[\\/]core[\\/]).*$/, '$1');
    const appShell = path.join(core, 'esm', 'components', 'AppShell');
    for (const part of ['Header', 'Footer', 'Aside']) {
      const code = fs.readFileSync(path.join(appShell, `AppShell${part}`, `AppShell${part}.mjs`), 'utf8');
      expect(code).toContain('import { RemoveScroll } from "react-remove-scroll";');
      const uses = code.match(/RemoveScroll\b[.\w]*/g) ?? [];
      expect(uses.filter((use) => use !== 'RemoveScroll')).toEqual(['RemoveScroll.classNames.zeroRight']);
    }
  });
});

describe("AppShell's resize handle left out (build/app-shell-imports.ts)", () => {
  it('is never asked for: the shell gives AppShell no `resize`', () => {
    const shell = fs.readFileSync(path.join(import.meta.dirname, '../app/layouts/dashboard-shell.tsx'), 'utf8');
    expect(shell).toMatch(/<AppShell\b/);
    expect(shell).not.toMatch(/\bresize=\{/);
    expect(shell).not.toMatch(/\bresizable\b/);
  });
});

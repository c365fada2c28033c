/**
 * The source files of one app (`apps/api/src` or `apps/web/src`) and the files each imports, read the
 * way the architecture rules need them: paths relative to the repository, tests and generated files left
 * out, only imports that name another file of the same tree (packages are not rooms of the house).
 *
 * Imports are found by TypeScript's own pre-processor (static imports, re-exports, `import()` with a
 * literal), so a comment or a string that looks like an import is never taken for one.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type SourceFile = {
  /** Repository-relative, with forward slashes: `apps/api/src/modules/fees/dues.service.ts`. */
  path: string;
  text: string;
  /** Repository-relative paths of the files of this tree that this file imports. */
  imports: string[];
};

export type SourceTree = {
  /** The folder read, repository-relative: `apps/api/src`. */
  root: string;
  files: Map<string, SourceFile>;
};

export const REPOSITORY = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

const SOURCE = /\.(ts|tsx)$/;
const LEFT_OUT = /(\.test\.tsx?|\.d\.ts)$/;

/** Reads a tree from disk (tests and type declarations left out). */
export function readSourceTree(root: string, repository = REPOSITORY): SourceTree {
  const texts = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(path.join(repository, folder), { withFileTypes: true })) {
      const relative = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (SOURCE.test(entry.name) && !LEFT_OUT.test(entry.name)) texts.set(relative, fs.readFileSync(path.join(repository, relative), 'utf8'));
    }
  };
  walk(root);
  return sourceTreeOf(root, texts);
}

/** A tree from texts in memory (what a rule's test plants a violation in). */
export function sourceTreeOf(root: string, texts: Map<string, string> | Record<string, string>): SourceTree {
  const entries = texts instanceof Map ? [...texts] : Object.entries(texts);
  const known = new Set(entries.map(([file]) => file));
  const files = new Map<string, SourceFile>();
  for (const [file, text] of entries) {
    const imports = ts
      .preProcessFile(text, true, true)
      .importedFiles.map(({ fileName }) => resolveImport(file, fileName, known))
      .filter((target): target is string => target !== undefined);
    files.set(file, { path: file, text, imports: [...new Set(imports)] });
  }
  return { root, files };
}

/** The file a relative specifier names (`./x`, `./x.js`, `../y` for `../y/index.ts`), or undefined. */
function resolveImport(from: string, specifier: string, known: Set<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier)).replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((candidate) => known.has(candidate));
}

import ts from 'typescript';
import type { Rule, Violation } from '../rule';
import type { SourceFile, SourceTree } from '../source-tree';

/**
 * One use case a file (issue 79, part 2): a service is short enough to read whole and a function fits
 * on a screen. Documenso's `server-only/document/cancel-document.ts` is the model: the file named for
 * what it does, its transaction, audit, job and message together.
 *
 * - **A service** is every non-test file of the API under `modules/` (a module's services, routes, jobs,
 *   handlers — what a use case is written in) and every `*.service.ts` anywhere in either app. It has at
 *   most MAX_SERVICE_LINES lines.
 * - **A function** — a declaration, an arrow, a function expression, a method, a getter or setter, a
 *   constructor — anywhere in either app's sources has at most MAX_FUNCTION_LINES lines, from its first
 *   line to its last (a function inside it counts in its length too, and is measured on its own).
 *
 * What is still longer is listed below with its length when this rule was written. The lists only
 * shrink: an entry fails when its file or function grows past the length written there (split it
 * instead), and when it has come under the limit (remove the entry, it is done).
 */
export const MAX_SERVICE_LINES = 400;
export const MAX_FUNCTION_LINES = 100;

/** Services still over MAX_SERVICE_LINES: repository path → its lines when listed. Only shrinks. */
export const LONG_SERVICES: Record<string, number> = {
  // Listed when the rule came (issue 79), each to be split by the use cases it holds as the outbox, admissions,
  // payments, homework and students were. Backups, exams and pay belonged to other work of the same pass.
};

/**
 * Functions still over MAX_FUNCTION_LINES: `path#name` → its lines when listed. Only shrinks. A name is
 * the chain of named functions it sits in (`buildApp`, `createJobRunner/runOne`, `Class.method`); an
 * unnamed function is called by what it is given to (`app.get('/api/x')`, `useMemo`).
 */
export const LONG_FUNCTIONS: Record<string, number> = {
  // None left (issue 79): the API's and the web's are all split, and none may come back.
};

export function isService(tree: SourceTree, file: string): boolean {
  const inside = file.slice(tree.root.length + 1);
  return (tree.root === 'apps/api/src' && inside.startsWith('modules/')) || /\.service\.ts$/.test(file);
}

/** Lines of a text as an editor counts them (a final newline ends the last line, it starts none). */
function linesOf(text: string): number {
  return text.replace(/\n$/, '').split('\n').length;
}

type MeasuredFunction = { name: string; line: number; lines: number };

/** What an unnamed function is called: what it is handed to, `app.get('/api/x')`, `useMemo`, `.map`. */
function calleeName(call: ts.CallExpression, source: ts.SourceFile): string {
  const callee = call.expression.getText(source).replace(/\s+/g, '');
  const first = call.arguments[0];
  const label = first && ts.isStringLiteralLike(first) ? `'${first.text}'` : '';
  return `${callee.length > 60 ? callee.slice(-60) : callee}(${label})`;
}

function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name && !ts.isComputedPropertyName(node.name)) {
    const own = node.name.getText(source);
    const owner = node.parent && (ts.isClassLike(node.parent) ? node.parent.name?.getText(source) : undefined);
    return owner ? `${owner}.${own}` : own;
  }
  if (ts.isConstructorDeclaration(node)) return `${(node.parent as ts.ClassLikeDeclaration).name?.getText(source) ?? 'class'}.constructor`;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText(source);
  if (ts.isCallExpression(parent)) return calleeName(parent, source);
  if (ts.isExportAssignment(parent)) return 'default';
  return 'function';
}

/** Every function of a file with its length, named by the chain of functions it sits in. */
export function functionsOf(file: Pick<SourceFile, 'path' | 'text'>): MeasuredFunction[] {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true, file.path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: MeasuredFunction[] = [];
  const visit = (node: ts.Node, chain: string[]) => {
    let inner = chain;
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      inner = [...chain, nameOf(node as ts.FunctionLikeDeclaration, source)];
      found.push({ name: inner.join('/'), line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(source, []);
  return found;
}

export function checkSizes(trees: SourceTree[], longServices = LONG_SERVICES, longFunctions = LONG_FUNCTIONS): Violation[] {
  const violations: Violation[] = [];
  const seenServices = new Set<string>();
  const seenFunctions = new Set<string>();
  for (const tree of trees) {
    for (const file of tree.files.values()) {
      if (isService(tree, file.path)) {
        const lines = linesOf(file.text);
        const listed = longServices[file.path];
        if (listed !== undefined) seenServices.add(file.path);
        if (lines > MAX_SERVICE_LINES && listed === undefined)
          violations.push({ file: file.path, message: `a service of ${lines} lines, at most ${MAX_SERVICE_LINES}: split it into files named for the use case each does` });
        else if (listed !== undefined && lines > listed)
          violations.push({ file: file.path, message: `a listed long service grew from ${listed} to ${lines} lines: split it instead (LONG_SERVICES only shrinks)` });
        else if (listed !== undefined && lines <= MAX_SERVICE_LINES)
          violations.push({ file: file.path, message: `${lines} lines now, within ${MAX_SERVICE_LINES}: remove it from LONG_SERVICES` });
      }
      // A file of at most MAX_FUNCTION_LINES lines holds no function longer (and parsing it would cost time).
      if (linesOf(file.text) <= MAX_FUNCTION_LINES) continue;
      const counted = new Map<string, number>();
      for (const fn of functionsOf(file)) {
        // Two functions of one name in a file (two `.map` callbacks) are told apart by their order.
        const seen = (counted.get(fn.name) ?? 0) + 1;
        counted.set(fn.name, seen);
        const key = `${file.path}#${fn.name}${seen > 1 ? `#${seen}` : ''}`;
        const listed = longFunctions[key];
        if (listed !== undefined) seenFunctions.add(key);
        const where = `${file.path}:${fn.line}`;
        if (fn.lines > MAX_FUNCTION_LINES && listed === undefined)
          violations.push({ file: where, message: `function ${fn.name} has ${fn.lines} lines, at most ${MAX_FUNCTION_LINES}: split it into named steps (listed as '${key}')` });
        else if (listed !== undefined && fn.lines > listed)
          violations.push({ file: where, message: `listed long function ${fn.name} grew from ${listed} to ${fn.lines} lines: split it instead (LONG_FUNCTIONS only shrinks)` });
        else if (listed !== undefined && fn.lines <= MAX_FUNCTION_LINES)
          violations.push({ file: where, message: `function ${fn.name} has ${fn.lines} lines now, within ${MAX_FUNCTION_LINES}: remove '${key}' from LONG_FUNCTIONS` });
      }
    }
  }
  const roots = trees.map((tree) => tree.root);
  const ours = (key: string) => roots.some((root) => key.startsWith(`${root}/`));
  for (const file of Object.keys(longServices)) if (ours(file) && !seenServices.has(file)) violations.push({ file, message: 'listed in LONG_SERVICES but no such service: remove the entry' });
  for (const key of Object.keys(longFunctions)) if (ours(key) && !seenFunctions.has(key)) violations.push({ file: key.split('#')[0]!, message: `'${key}' is listed in LONG_FUNCTIONS but no such function: remove the entry (or rename it with the function)` });
  return violations;
}

export const rule: Rule = {
  name: 'sizes',
  says: `one use case a file: no service (a module's file, a *.service.ts) over ${MAX_SERVICE_LINES} lines and no function over ${MAX_FUNCTION_LINES} in either app, beyond the listed ones, which only shrink`,
  check: ({ api, web }) => checkSizes([api, web]),
};

/**
 * The parts of docs/ARCHITECTURE.md that the code already says, written by `npm run check:architecture`
 * so they cannot go stale (issue 79, part 6): the floors of each app, the rules, the events and the jobs.
 * Each stands between `<!-- check:architecture NAME -->` and `<!-- /check:architecture NAME -->`; the
 * check fails when one differs from what the code says now, and `npm run check:architecture -- --write`
 * writes them again.
 */
import ts from 'typescript';
import { floorsOf } from './rooms';
import type { Rule, Trees, Violation } from './rule';
import type { SourceTree } from './source-tree';
import { CATALOG, subscribersOf } from './rules/events';

export const MAP = 'docs/ARCHITECTURE.md';
export const SECTIONS = ['floors', 'rules', 'events'] as const;
type Section = (typeof SECTIONS)[number];

/** `modules/fees` → `fees`, `features/fees` → `fees`; anything else as it is (`db`, `app.ts`). */
const shortRoom = (room: string) => room.replace(/^(modules|features)\//, '');

function floorsTable(trees: Trees): string {
  const byFloor = (tree: SourceTree) => {
    const rooms = new Map<number, string[]>();
    for (const [room, floor] of floorsOf(tree).floors) rooms.set(floor, [...(rooms.get(floor) ?? []), shortRoom(room)]);
    return rooms;
  };
  const api = byFloor(trees.api);
  const web = byFloor(trees.web);
  const highest = Math.max(0, ...api.keys(), ...web.keys());
  const cell = (rooms: string[] | undefined) => (rooms ? rooms.sort().join(' · ') : '');
  const rows = Array.from({ length: highest }, (_, index) => highest - index).map((floor) => `| ${floor} | ${cell(api.get(floor))} | ${cell(web.get(floor))} |`);
  return ['| floor | API (`apps/api/src`: `modules/<name>`, other folders, top files) | web (`apps/web/src`: `features/<name>`, other folders, top files) |', '| --- | --- | --- |', ...rows].join('\n');
}

function rulesList(rules: Rule[]): string {
  return rules.map((rule) => `- \`${rule.name}\` (scripts/architecture/rules/${rule.name}.ts): ${rule.says}.`).join('\n');
}

/** The jobs of the catalog (`type JobPayloads = { 'name': …; }`), each with the first sentence of its comment. */
function jobsOf(catalog: string): { name: string; says: string }[] {
  const source = ts.createSourceFile('catalog.ts', catalog, ts.ScriptTarget.Latest, true);
  const payloads = source.statements.find((statement): statement is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(statement) && statement.name.text === 'JobPayloads');
  if (!payloads || !ts.isTypeLiteralNode(payloads.type)) return [];
  return payloads.type.members.flatMap((member) => {
    if (!member.name || !ts.isStringLiteral(member.name)) return [];
    const comment = ts
      .getJSDocCommentsAndTags(member)
      .map((doc) => (typeof doc.comment === 'string' ? doc.comment : ''))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    const first = /^.*?\.(?=\s|$)/.exec(comment)?.[0] ?? comment;
    return [{ name: member.name.text, says: first.replace(/\.$/, '') }];
  });
}

function eventsList(api: SourceTree): string {
  const catalog = api.files.get(`${api.root}/${CATALOG}`)?.text ?? '';
  const events = [...subscribersOf(catalog)].map(([type, handlers]) => `- event \`${type}\` → ${handlers.map((handler) => `\`${handler}\``).join(', ')}`);
  const jobs = jobsOf(catalog).map((job) => `- job \`${job.name}\`${job.says ? `: ${job.says}` : ''}`);
  return [...events, ...jobs].join('\n');
}

export function mapSections(trees: Trees, rules: Rule[]): Record<Section, string> {
  return { floors: floorsTable(trees), rules: rulesList(rules), events: eventsList(trees.api) };
}

const markers = (name: string) => [`<!-- check:architecture ${name} -->`, `<!-- /check:architecture ${name} -->`] as const;

/** What differs between the document and the sections the code says now. */
export function checkMap(document: string, sections: Record<Section, string>): Violation[] {
  const violations: Violation[] = [];
  for (const name of SECTIONS) {
    const [open, close] = markers(name);
    const start = document.indexOf(open);
    const end = document.indexOf(close);
    if (start < 0 || end < start) violations.push({ file: MAP, message: `no section ${name} (between "${open}" and "${close}"): put the markers back where it belongs` });
    else if (document.slice(start + open.length, end).trim() !== sections[name].trim())
      violations.push({ file: MAP, message: `section ${name} is not what the code says now: run npm run check:architecture -- --write and read the change` });
  }
  return violations;
}

/** The document with every section written as the code says it now. */
export function writeMap(document: string, sections: Record<Section, string>): string {
  let written = document;
  for (const name of SECTIONS) {
    const [open, close] = markers(name);
    const start = written.indexOf(open);
    const end = written.indexOf(close);
    if (start < 0 || end < start) continue;
    written = `${written.slice(0, start + open.length)}\n${sections[name].trim()}\n${written.slice(end)}`;
  }
  return written;
}

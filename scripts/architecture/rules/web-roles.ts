import type { Rule, Violation } from '../rule';
import type { SourceTree } from '../source-tree';

/**
 * Abilities from the server (issue 79, decision 083): what a person may do comes with the session
 * (`abilities`, computed by the API's access rules), and a screen asks it (`useCan('…')`). So the web
 * compares a role nowhere but in the session module, which reads who is signed in and whose area a path
 * is (the guard, features/auth/access.ts, lets a role into its own area); a new `role === 'admin'` in a screen is the old way back in.
 */
export const SESSION_MODULE = ['lib/session.ts', 'lib/session-user.ts', 'features/auth/access.ts'];

/** `role ===`, `=== user.role`, `includes(user.role)`, `switch (user.role)`: a decision by role. */
const ROLE_DECISION = [/\brole\s*[!=]==?/, /[!=]==?\s*[\w$.?!]*\brole\b/, /\bincludes\(\s*[\w$.?!]*\brole\s*\)/, /\bswitch\s*\(\s*[\w$.?!]*\brole\s*\)/];

/** The text without comments (a comment may speak of roles). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

export function checkWebRoles(web: SourceTree): Violation[] {
  const violations: Violation[] = [];
  for (const file of web.files.values()) {
    const local = file.path.slice(web.root.length + 1);
    if (/\.test\.tsx?$/.test(local) || SESSION_MODULE.includes(local)) continue;
    code(file.text)
      .split('\n')
      .forEach((line, index) => {
        if (ROLE_DECISION.some((pattern) => pattern.test(line)))
          violations.push({ file: `${file.path}:${index + 1}`, message: `decides by role (${line.trim().slice(0, 80)}): ask what the person may do instead, useCan('…') from lib/session.ts (abilities come from the API's access/abilities.ts)` });
      });
  }
  return violations;
}

export const rule: Rule = {
  name: 'web-roles',
  says: `the web decides by abilities from the server (useCan), and compares a role only in the session module (${SESSION_MODULE.join(', ')})`,
  check: ({ web }) => checkWebRoles(web),
};

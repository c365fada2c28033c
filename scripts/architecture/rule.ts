import type { SourceTree } from './source-tree';

/** One broken rule, said so that whoever reads it knows where and what to do. */
export type Violation = { file: string; message: string };

/** The trees a rule reads: the API's and the web's sources, and the package both share. */
export type Trees = { api: SourceTree; web: SourceTree; shared?: SourceTree };

/**
 * One rule that docs/ARCHITECTURE.md states. Each lives in its own file in `rules/` (found by the
 * runner, nothing to register) with a test beside it that plants a violation and sees it reported.
 */
export type Rule = {
  /** Short and stable: `api-floors`, `table-ownership`, `web-zones`. */
  name: string;
  /** The rule in one sentence, as ARCHITECTURE.md says it. */
  says: string;
  check(trees: Trees): Violation[];
};

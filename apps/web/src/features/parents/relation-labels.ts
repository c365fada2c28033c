import { useLingui } from '@lingui/react/macro';
import type { ParentRelation } from '@academy/shared/schemas/parents';

/** How each relation reads on screen, in the reader's language. */
export function useRelationLabels(): (relation: ParentRelation) => string {
  const { t } = useLingui();
  const labels: Record<ParentRelation, string> = { mother: t`Mother`, father: t`Father`, guardian: t`Guardian`, other: t`Other` };
  return (relation) => labels[relation];
}

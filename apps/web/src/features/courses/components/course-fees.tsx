import { Stack } from '@mantine/core';
import { plural } from '@lingui/core/macro';
import type { CourseBatch } from '@academy/shared/schemas/courses';
import { formatRupees } from '../../../lib/format-number';

/**
 * The fees the office shows on the site for a batch (issue 42, point 14): "₹18,000 in 3 instalments",
 * each plan named when there are several. Nothing when the office shows none (the office confirms fees then).
 */
export function CourseFees({ fees }: { fees: CourseBatch['fees'] }) {
  const named = fees.length > 1;
  return (
    <Stack gap={2} component="span">
      {fees.map((plan) => {
        const amount = formatRupees(plan.amount);
        const line = plural(plan.instalments, { one: `${amount} in one payment`, other: `${amount} in # instalments` });
        return <span key={plan.name}>{named ? `${plan.name}: ${line}` : line}</span>;
      })}
    </Stack>
  );
}

import { Paper, Radio, Stack, Text, type PaperProps } from '@mantine/core';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { LateJoinRule } from '@academy/shared/schemas/batches';
import { formatDate } from '../../../lib/format-date';
import { formatRupees } from '../../../lib/format-number';
import { useLateJoinPreview } from '../late-join';

interface LateJoinChoiceProps extends Pick<PaperProps, 'maw' | 'mb'> {
  batch: { _id: string; startDate: string; endDate: string } | undefined;
  value: LateJoinRule;
  onChange: (rule: LateJoinRule) => void;
}

/**
 * The enrol dialogs' question when the batch's fee plan has instalments due before today (issue 42,
 * decision 039): shift them to after a grace period, or charge only the months left. Nothing when there
 * is nothing to ask.
 */
export function LateJoinChoice({ batch, value, onChange, ...paper }: LateJoinChoiceProps) {
  const { t } = useLingui();
  const preview = useLateJoinPreview(batch);
  if (!preview) return null;
  const grace = plural(preview.graceDays, { one: '# day', other: '# days' });
  const months = preview.months;
  const monthsLeft = plural(preview.monthsLeft, { one: `# month of ${months}`, other: `# months of ${months}` });
  return (
    <Paper withBorder radius="md" p="md" {...paper}>
      <Radio.Group
        value={value}
        onChange={(rule) => onChange(rule as LateJoinRule)}
        label={t`Fees already due in this batch`}
        description={t`${formatRupees(preview.pastTotal)} of this batch's fees fell due before today. How does a student joining today pay?`}
      >
        <Stack gap="sm" mt="sm">
          <Radio
            value="shift"
            label={t`Pay them after a grace period`}
            description={t`The ${formatRupees(preview.pastTotal)} already due falls due on ${formatDate(preview.graceDate)} (${grace} from today); the rest as planned.`}
            styles={{ label: { fontWeight: 600 } }}
          />
          <Radio
            value="prorate"
            label={t`Pay for the months left`}
            description={t`${formatRupees(preview.proratedTotal)} instead of ${formatRupees(preview.planTotal)}: ${monthsLeft}, over the instalments still to come.`}
            styles={{ label: { fontWeight: 600 } }}
          />
        </Stack>
      </Radio.Group>
      <Text size="xs" c="dimmed" mt="sm">
        {t`Either way nothing is overdue on the day they join.`}
      </Text>
    </Paper>
  );
}

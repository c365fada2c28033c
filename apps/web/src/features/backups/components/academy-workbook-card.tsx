import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { Trans } from '@lingui/react/macro';
import { academyWorkbookUrl } from '../api';

/**
 * "Everything in Excel" (issue 39): the whole academy as one workbook, a sheet per register. A plain
 * link, as the backups' and the lists' CSV downloads: the browser streams the file to disk.
 */
export function AcademyWorkbookCard() {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="academy-workbook-title">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 260px' }}>
          <Title order={2} size="h5" id="academy-workbook-title">
            <Trans>Everything in Excel</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>Students with their parents, teachers, batches, attendance, fees, receipts and test marks: one sheet each, for Excel or LibreOffice.</Trans>
          </Text>
        </Stack>
        <Button
          component="a"
          href={academyWorkbookUrl()}
          download
          variant="default"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden="true" />}
        >
          <Trans>Download Excel file</Trans>
        </Button>
      </Group>
    </Paper>
  );
}

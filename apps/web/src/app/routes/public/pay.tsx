import { Alert, Anchor, Card, Center, Group, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PayPage } from '@academy/shared/schemas/fees';
import { PageHeader } from '../../../components/ui/page-header';
import { payPageQrUrl, usePayPage } from '../../../features/fees/api';
import { UpiDueCard, useTouchScreen } from '../../../features/fees/components/upi-pay-panel';
import { serverMessageOf } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { formatRupees } from '../../../lib/format-number';
import { formatPhone, telHref } from '../../../lib/phone';
import { useLocalizedPath } from '../../../lib/use-localized-path';

/**
 * /pay/{token}: where a fee reminder's link lands (issue 38), without signing in. The family sees what
 * is left to pay for their child and pays each due by UPI: the Pay button opens the UPI app on a
 * phone, the QR code shows on a computer. The token in the address is the permission (it expires).
 */
export function Component() {
  const { t } = useLingui();
  const { token = '' } = useParams();
  const page = usePayPage(token);
  const lp = useLocalizedPath();

  return (
    <Center py={{ base: 0, sm: 'xl' }}>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} w="100%" maw={520}>
        <PageHeader title={t`Pay the fees`} metaDescription={t`See what is left to pay and pay it by UPI.`} />
        {page.isPending ? (
          <Center py="lg" role="status">
            <Loader size="sm" aria-hidden="true" />
            <VisuallyHidden>
              <Trans>Loading the fees...</Trans>
            </VisuallyHidden>
          </Center>
        ) : page.isError ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{serverMessageOf(page.error) ?? t`This pay link could not be opened. Please try again.`}</Text>
              <Anchor component={Link} to={lp('/login')} size="sm" fw={600}>
                <Trans>Sign in</Trans>
              </Anchor>
            </Stack>
          </Alert>
        ) : (
          <PayPageBody page={page.data} token={token} />
        )}
      </Paper>
    </Center>
  );
}

function PayPageBody({ page, token }: { page: PayPage; token: string }) {
  const touch = useTouchScreen();
  const { academy, student } = page;
  if (page.dues.length === 0) {
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden="true" />}>
        <Trans>
          Nothing is left to pay for {student.name} now. Thank you!
        </Trans>
      </Alert>
    );
  }
  const total = formatRupees(page.total);
  return (
    <Stack gap="md">
      <Text>
        <Trans>
          {academy.name}: fees of <b>{student.name}</b>. Left to pay: <b>{total}</b>.
        </Trans>
      </Text>
      <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {page.dues.map((due) =>
          due.upi ? (
            <UpiDueCard key={due._id} due={{ ...due, upi: due.upi }} touch={touch} qrUrl={payPageQrUrl(token, due._id)} reported={due.reported} />
          ) : (
            <Card key={due._id} component="li" withBorder radius="md" padding="sm">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {due.label}
                </Text>
                <Text size="sm">
                  {formatRupees(due.balance)} · {formatDate(due.dueDate)}
                </Text>
              </Group>
            </Card>
          ),
        )}
      </Stack>
      {page.dues.some((due) => !due.upi) ? (
        <Text size="sm">
          <Trans>Please pay at the academy's office.</Trans>
        </Text>
      ) : null}
      <Title order={2} size="h5">
        <Trans>After you pay</Trans>
      </Title>
      <Text size="sm" c="dimmed">
        <Trans>The office matches your payment with its bank statement, and the receipt appears on the Fees screen of the app.</Trans>{' '}
        {academy.phone ? (
          <Trans>
            Questions? Call <Anchor href={telHref(academy.phone)}>{formatPhone(academy.phone)}</Anchor>.
          </Trans>
        ) : null}
      </Text>
    </Stack>
  );
}

import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import type { AdmissionEnquiry } from '@academy/shared/schemas/admissions';
import { PhoneLink } from '../../../components/ui/phone-link';
import { formatDate } from '../../../lib/format-date';
import { EnquiryStatusBadge } from './enquiry-status-badge';
import { useEnquiryLabels } from '../enquiry-labels';
import { Trans, useLingui } from '@lingui/react/macro';

const detailPath = (enquiry: AdmissionEnquiry) => `/app/registrations/${enquiry._id}`;

/** The enquiries as a table on wide screens and as cards on phones. */
export function EnquiryListView({ enquiries }: { enquiries: AdmissionEnquiry[] }) {
  const { t } = useLingui();
  const labels = useEnquiryLabels();
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });

  if (!wide) {
    return (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Registrations`}>
        {enquiries.map((enquiry) => (
          <Card key={enquiry._id} component="li" withBorder radius="md" padding="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={detailPath(enquiry)} fw={600}>
                  {enquiry.studentName}
                </Anchor>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {enquiry.email ?? t`No email`}
                </Text>
              </Stack>
              <EnquiryStatusBadge status={enquiry.status} />
            </Group>
            <Text size="sm" mt="xs">
              {enquiry.standard?.name ?? t`No standard`} · {labels.source(enquiry.source)}
            </Text>
            <Group mt="xs" gap="md" justify="space-between">
              <PhoneLink phone={enquiry.phone} />
              <Text size="xs" c="dimmed">
                {formatDate(enquiry.createdAt)}
              </Text>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Student</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Phone</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Standard</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Source</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Received</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {enquiries.map((enquiry) => (
            <Table.Tr key={enquiry._id}>
              <Table.Td>
                <Anchor component={Link} to={detailPath(enquiry)} fw={600}>
                  {enquiry.studentName}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {enquiry.email ?? t`No email`}
                </Text>
              </Table.Td>
              <Table.Td>
                <PhoneLink phone={enquiry.phone} />
              </Table.Td>
              <Table.Td>{enquiry.standard?.name ?? '—'}</Table.Td>
              <Table.Td>{labels.source(enquiry.source)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(enquiry.createdAt)}</Table.Td>
              <Table.Td miw={104}>
                <EnquiryStatusBadge status={enquiry.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

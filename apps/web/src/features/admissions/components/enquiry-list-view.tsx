import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AdmissionEnquiry } from '@academy/shared/schemas/admissions';
import { ListView, titleColumns, type ListColumn } from '../../../components/list-kit';
import { PhoneLink } from '../../../components/ui/phone-link';
import { formatDate } from '../../../lib/format-date';
import { EnquiryStatusBadge } from './enquiry-status-badge';
import { FollowUpDay } from './enquiry-follow-up-day';
import { useEnquiryLabels } from '../enquiry-labels';
import { useLingui } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';

/** The enquiries as a table on wide screens and as cards on phones. */
export function EnquiryListView({ enquiries }: { enquiries: AdmissionEnquiry[] }) {
  const { t } = useLingui();
  const names = useLocalNames();
  const labels = useEnquiryLabels();
  const name = (enquiry: AdmissionEnquiry) => (
    <Anchor component={Link} to={`/app/registrations/${enquiry._id}`} fw={600}>
      {enquiry.studentName}
    </Anchor>
  );
  const email = (enquiry: AdmissionEnquiry) => (
    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {enquiry.reference} · {enquiry.email ?? t`No email`}
    </Text>
  );
  const columns: ListColumn<AdmissionEnquiry>[] = [
    ...titleColumns({ key: 'student', header: t`Student`, title: name, subtitle: email, subtitleKey: 'email' }),
    {
      key: 'phone',
      header: t`Phone`,
      cell: (enquiry) => <PhoneLink phone={enquiry.phone} />,
      // The card puts the phone to tap and the day received on one line.
      cardCell: (enquiry) => (
        <Group gap="md" justify="space-between">
          <PhoneLink phone={enquiry.phone} />
          <Text size="xs" c="dimmed">
            {formatDate(enquiry.createdAt)}
          </Text>
        </Group>
      ),
    },
    {
      key: 'standard',
      header: t`Standard`,
      cell: (enquiry) => (enquiry.standard ? names.standard(enquiry.standard) : '—'),
      cardCell: (enquiry) => (
        <Text size="sm">
          {enquiry.standard ? names.standard(enquiry.standard) : t`No standard`} · {labels.source(enquiry.source)}
        </Text>
      ),
    },
    { key: 'source', header: t`Source`, card: 'hidden', cell: (enquiry) => labels.source(enquiry.source) },
    // Only an open enquiry's next call matters; a decided one keeps none.
    { key: 'followUp', header: t`Next call`, nowrap: true, cell: (enquiry) => (enquiry.followUpOn ? <FollowUpDay date={enquiry.followUpOn} /> : '—'), cardCell: (enquiry) => (enquiry.followUpOn ? <FollowUpDay date={enquiry.followUpOn} /> : null) },
    { key: 'received', header: t`Received`, card: 'hidden', nowrap: true, cell: (enquiry) => formatDate(enquiry.createdAt) },
    { key: 'status', header: t`Status`, card: 'aside', miw: 104, cell: (enquiry) => <EnquiryStatusBadge status={enquiry.status} /> },
  ];
  return <ListView rows={enquiries} columns={columns} label={t`Registrations`} minWidth={860} />;
}

import { Anchor, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { ENQUIRY_SOURCE_LABELS } from '@academy/shared/schemas/admissions';
import type { AdmissionEnquiryDetail } from '@academy/shared/schemas/admissions';
import { DetailList } from '../../../../components/ui/detail-list';
import { LoadErrorAlert } from '../../../../components/ui/load-error-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { PhoneLink } from '../../../../components/ui/phone-link';
import { ENQUIRY_FAILURES, useDeleteEnquiry, useEnquiry } from '../../../../features/admissions/api';
import { ConvertPanel, DuplicateHints, FollowUpNotes, StatusActions, StatusHistory } from '../../../../features/admissions/components/enquiry-pipeline';
import { SectionCard } from '../../../../components/ui/section-card';
import { EnquiryStatusBadge } from '../../../../features/admissions/components/enquiry-status-badge';
import { GENDER_OPTIONS } from '../../../../features/teachers/teacher-form';
import { normalizeError } from '../../../../lib/api-client';
import { formatDate } from '../../../../lib/format-date';
import { HistoryPanel } from '../../../../features/audit-log/components/history-panel';

function EnquiryDetails({ enquiry }: { enquiry: AdmissionEnquiryDetail }) {
  return (
    <Stack gap="lg">
      <DuplicateHints enquiry={enquiry} />
      <SectionCard title="Status">
        <Group gap="sm">
          <EnquiryStatusBadge status={enquiry.status} />
          <Text size="sm" c="dimmed">
            {ENQUIRY_SOURCE_LABELS[enquiry.source]}, received {formatDate(enquiry.createdAt)}
          </Text>
        </Group>
        <StatusActions enquiry={enquiry} />
        <ConvertPanel enquiry={enquiry} />
      </SectionCard>
      <SectionCard title="Student">
        <DetailList
          cols={3}
          items={[
            { label: 'Name', value: enquiry.studentName },
            {
              label: 'Email',
              value: enquiry.email ? (
                <Group gap={6} component="span">
                  <Anchor href={`mailto:${enquiry.email}`} size="sm">
                    {enquiry.email}
                  </Anchor>
                  {enquiry.emailVerifiedAt ? (
                    <Badge size="xs" variant="light" color="teal" tt="none">
                      verified
                    </Badge>
                  ) : null}
                </Group>
              ) : null,
            },
            { label: 'Phone', value: <PhoneLink phone={enquiry.phone} /> },
            { label: 'Standard', value: enquiry.standard?.name },
            { label: 'Subjects of interest', value: enquiry.subjects.map((subject) => subject.name).join(', ') },
            { label: 'School', value: enquiry.school },
            { label: 'Board', value: enquiry.board },
            { label: 'Medium', value: enquiry.medium },
            { label: 'Gender', value: GENDER_OPTIONS.find((option) => option.value === enquiry.gender)?.label },
            { label: 'Date of birth', value: enquiry.dateOfBirth ? formatDate(enquiry.dateOfBirth) : null },
            { label: 'Address', value: enquiry.address },
          ]}
        />
      </SectionCard>
      <SectionCard title="Parent or guardian">
        <DetailList
          cols={3}
          items={[
            { label: 'Name', value: enquiry.parentName },
            { label: 'Phone', value: <PhoneLink phone={enquiry.parentPhone} /> },
          ]}
        />
      </SectionCard>
      <SectionCard title="Message">
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} c={enquiry.message ? undefined : 'dimmed'}>
          {enquiry.message ?? 'No message.'}
        </Text>
      </SectionCard>
      <SectionCard title="Follow-up">
        <FollowUpNotes key={enquiry._id} enquiry={enquiry} />
      </SectionCard>
      <SectionCard title="Status history">
        <StatusHistory enquiry={enquiry} />
      </SectionCard>
    </Stack>
  );
}

export function Component() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const enquiry = useEnquiry(id);
  const remove = useDeleteEnquiry();

  const confirmDelete = (current: AdmissionEnquiryDetail) =>
    modals.openConfirmModal({
      title: 'Delete registration',
      centered: true,
      children: (
        <Text size="sm">
          Delete the registration of <strong>{current.studentName}</strong>? Its details, notes and history are removed for good.
          {current.student ? ' The student account made from it stays.' : ''}
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(current._id, {
          onSuccess: ({ message }) => {
            notifications.show({ title: 'Registration deleted', message: message ?? 'Registration deleted successfully', color: 'teal' });
            void navigate('/app/registrations');
          },
          onError: (error) => notifications.show({ title: 'Registration not deleted', message: normalizeError(error, ENQUIRY_FAILURES.delete).message, color: 'red' }),
        }),
    });

  return (
    <>
      <PageHeader
        title="Registration Details"
        description={enquiry.data?.studentName}
        actions={
          enquiry.data ? (
            <Group gap="xs">
              <Button component={Link} to={`/app/registrations/${id}/edit`} variant="light" leftSection={<IconPencil size={18} aria-hidden="true" />}>
                Edit
              </Button>
              <Button variant="light" color="red" leftSection={<IconTrash size={18} aria-hidden="true" />} onClick={() => enquiry.data && confirmDelete(enquiry.data)}>
                Delete
              </Button>
            </Group>
          ) : null
        }
      />
      {enquiry.isPending ? (
        <Skeleton h={320} radius="md" aria-hidden="true" />
      ) : enquiry.isError ? (
        <LoadErrorAlert title="Registration could not be loaded" error={enquiry.error} fallback={ENQUIRY_FAILURES.fetch} onRetry={() => void enquiry.refetch()} />
      ) : (
        <Stack gap="lg">
          <EnquiryDetails enquiry={enquiry.data} />
          <HistoryPanel entityId={id} />
        </Stack>
      )}
    </>
  );
}

import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import type { AdmissionEnquiryDetail } from '@academy/shared/schemas/admissions';
import { LANGUAGE_NAMES } from '@academy/shared/languages';
import { DetailList } from '../../../components/ui/detail-list';
import { DetailActions, DetailPage, SectionCard } from '../../../components/detail-page';
import { PhoneLink } from '../../../components/ui/phone-link';
import { ENQUIRY_FAILURES, useDeleteEnquiry, useEnquiry } from '../../../features/admissions/api';
import { ConvertPanel, DuplicateHints, FollowUpNotes, StatusActions, StatusHistory } from '../../../features/admissions/components/enquiry-pipeline';
import { EnquiryStatusBadge } from '../../../features/admissions/components/enquiry-status-badge';
import { FollowUpPanel } from '../../../features/admissions/components/enquiry-follow-up';
import { DemoClasses } from '../../../features/admissions/components/enquiry-demo-classes';
import { normalizeError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { schoolLabel } from '../../../lib/school-labels';
import { HistoryPanel } from '../../../features/audit-log/components/history-panel';
import { useEnquiryLabels } from '../../../features/admissions/enquiry-labels';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';
import { useSignInSlipDialog } from '../../../features/students/components/sign-in-slip';

function EnquiryDetails({ enquiry }: { enquiry: AdmissionEnquiryDetail }) {
  const { t, i18n } = useLingui();
  // A student converted without an email gets a first password: its sign-in slip is the students' dialog (issue 54).
  const openSlip = useSignInSlipDialog();
  const names = useLocalNames();
  const labels = useEnquiryLabels();
  const genderLabel = (value: string) => ({ male: t`Male`, female: t`Female`, other: t`Other` })[value] ?? value;
  return (
    <Stack gap="lg">
      <DuplicateHints enquiry={enquiry} />
      <SectionCard title={t`Status`}>
        <Group gap="sm">
          <EnquiryStatusBadge status={enquiry.status} />
          <Text size="sm" c="dimmed">
            <Trans>
              {labels.form(enquiry.form)}, received {formatDate(enquiry.createdAt)}
            </Trans>
          </Text>
        </Group>
        {enquiry.lostReason ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Trans>Reason:</Trans> {labels.reason(enquiry.lostReason)}
            {enquiry.lostNote ? ` (${enquiry.lostNote})` : ''}
          </Text>
        ) : null}
        <StatusActions enquiry={enquiry} />
        <ConvertPanel enquiry={enquiry} onPrintSlip={openSlip} />
      </SectionCard>
      <SectionCard title={t`Follow-up`}>
        <FollowUpPanel enquiry={enquiry} />
        <FollowUpNotes key={enquiry._id} enquiry={enquiry} />
      </SectionCard>
      <DemoClasses enquiry={enquiry} />
      <SectionCard title={t`Student`}>
        <DetailList
          cols={3}
          items={[
            { label: t`Name`, value: enquiry.studentName },
            {
              label: t`Email`,
              value: enquiry.email ? (
                <Group gap={6} component="span">
                  <Anchor href={`mailto:${enquiry.email}`} size="sm">
                    {enquiry.email}
                  </Anchor>
                  {enquiry.emailVerifiedAt ? (
                    <Badge size="xs" variant="light" color="teal" tt="none">
                      <Trans>verified</Trans>
                    </Badge>
                  ) : null}
                </Group>
              ) : null,
            },
            { label: t`Phone`, value: <PhoneLink phone={enquiry.phone} /> },
            { label: t`Standard`, value: enquiry.standard && names.standard(enquiry.standard) },
            { label: t`Subjects of interest`, value: enquiry.subjects.map((subject) => names.subject(subject)).join(', ') },
            { label: t`School`, value: enquiry.school },
            { label: t`Board`, value: schoolLabel(enquiry.board, i18n) },
            { label: t({ message: 'Medium', context: 'language a school teaches in' }), value: schoolLabel(enquiry.medium, i18n) },
            { label: t`Gender`, value: enquiry.gender ? genderLabel(enquiry.gender) : null },
            { label: t`Date of birth`, value: enquiry.dateOfBirth ? formatDate(enquiry.dateOfBirth) : null },
            { label: t`Address`, value: enquiry.address },
          ]}
        />
      </SectionCard>
      <SectionCard title={t`Parent or guardian`}>
        <DetailList
          cols={3}
          items={[
            { label: t`Name`, value: enquiry.parentName },
            { label: t`Phone`, value: <PhoneLink phone={enquiry.parentPhone} /> },
            // The language of the page they applied from (or the office's choice): speak and write to them in it.
            { label: t`Family's language`, value: LANGUAGE_NAMES[enquiry.language] },
          ]}
        />
      </SectionCard>
      <SectionCard title={t`Message`}>
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} c={enquiry.message ? undefined : 'dimmed'}>
          {enquiry.message ?? t`No message.`}
        </Text>
      </SectionCard>
      <SectionCard title={t`Status history`}>
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
  const { t } = useLingui();

  const confirmDelete = (current: AdmissionEnquiryDetail) =>
    modals.openConfirmModal({
      title: t`Delete registration`,
      centered: true,
      children: (
        <Text size="sm">
          <Trans>
            Delete the registration of <strong>{current.studentName}</strong>? Its details, notes and history are removed for good.
          </Trans>
          {current.student ? ` ${t`The student account made from it stays.`}` : ''}
        </Text>
      ),
      labels: { confirm: t`Delete`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(current._id, {
          onSuccess: ({ message }) => {
            notifications.show({ title: t`Registration deleted`, message: message ?? t`Registration deleted successfully`, color: 'teal' });
            void navigate('/app/registrations');
          },
          onError: (error) => notifications.show({ title: t`Registration not deleted`, message: normalizeError(error, ENQUIRY_FAILURES.delete).message, color: 'red' }),
        }),
    });

  return (
    <DetailPage
      query={enquiry}
      title={t`Registration Details`}
      description={(data) => `${data.studentName} · ${data.reference}`}
      actions={(data) => <DetailActions editTo={`/app/registrations/${id}/edit`} onDelete={() => confirmDelete(data)} />}
      errorTitle={t`Registration could not be loaded`}
      errorFallback={ENQUIRY_FAILURES.fetch}
      skeletonHeight={320}
    >
      {(data) => (
        <>
          <EnquiryDetails enquiry={data} />
          <HistoryPanel entityId={id} />
        </>
      )}
    </DetailPage>
  );
}

import { Skeleton } from '@mantine/core';
import { useParams } from 'react-router';
import { LoadErrorAlert } from '../../../../components/ui/load-error-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { ENQUIRY_FAILURES, useEnquiry } from '../../../../features/admissions/api';
import { EnquiryEditForm } from '../../../../features/admissions/components/enquiry-edit-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const enquiry = useEnquiry(id);
  return (
    <>
      <PageHeader title={t`Edit Registration`} description={enquiry.data?.studentName} />
      {enquiry.isPending ? (
        <Skeleton h={480} radius="md" maw={880} aria-hidden="true" />
      ) : enquiry.isError ? (
        <LoadErrorAlert title={t`Registration could not be loaded`} error={enquiry.error} fallback={ENQUIRY_FAILURES.fetch} onRetry={() => void enquiry.refetch()} />
      ) : (
        <EnquiryEditForm key={enquiry.data._id} enquiry={enquiry.data} />
      )}
    </>
  );
}

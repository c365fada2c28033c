import { useParams } from 'react-router';
import { DetailPage } from '../../../components/detail-page';
import { ENQUIRY_FAILURES, useEnquiry } from '../../../features/admissions/api';
import { EnquiryEditForm } from '../../../features/admissions/components/enquiry-edit-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const enquiry = useEnquiry(id);
  return (
    <DetailPage query={enquiry} title={t`Edit Registration`} description={(record) => record.studentName} errorTitle={t`Registration could not be loaded`} errorFallback={ENQUIRY_FAILURES.fetch} skeletonHeight={480} maw={880}>
      {(record) => <EnquiryEditForm key={record._id} enquiry={record} />}
    </DetailPage>
  );
}

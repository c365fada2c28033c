import { EditPage } from '../../../components/detail-page';
import { ENQUIRY_FAILURES, useEnquiry } from '../../../features/admissions/api';
import { EnquiryEditForm } from '../../../features/admissions/components/enquiry-edit-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  return <EditPage useRecord={useEnquiry} title={t`Edit Registration`} description={(record) => record.studentName} errorTitle={t`Registration could not be loaded`} errorFallback={ENQUIRY_FAILURES.fetch} skeletonHeight={480} maw={880} form={(record) => <EnquiryEditForm enquiry={record} />} />;
}

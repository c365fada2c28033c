import { PageHeader } from '../../../components/ui/page-header';
import { EnquiryEditForm } from '../../../features/admissions/components/enquiry-edit-form';
import { useLingui } from '@lingui/react/macro';

/** A walk-in or phone enquiry the office records itself: no email code, only a name and a phone needed. */
export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Add Registration`} description={t`A family at the office or on the phone. Only the student's name and a phone number are needed.`} />
      <EnquiryEditForm />
    </>
  );
}

import { PageHeader } from '../../../../components/ui/page-header';
import { EnquiryEditForm } from '../../../../features/admissions/components/enquiry-edit-form';

/** A walk-in or phone enquiry the office records itself: no email code, only a name and a phone needed. */
export function Component() {
  return (
    <>
      <PageHeader title="Add Registration" description="A family at the office or on the phone. Only the student's name and a phone number are needed." />
      <EnquiryEditForm />
    </>
  );
}

import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../../components/ui/page-header';
import { NewAcademicYear } from '../../../features/academic-years/components/new-academic-year';
import { useAcademyToday } from '../../../lib/use-academy-today';

/** The admin's "New academic year" screen (issue 39): every student up a standard, last year's batches archived, dues carried over. */
export function Component() {
  const { t } = useLingui();
  const today = useAcademyToday();
  return (
    <>
      <PageHeader title={t`New academic year`} description={t`In June: move students up a standard, end last year's batches and carry unpaid fees into the new year.`} />
      <NewAcademicYear today={today} />
    </>
  );
}

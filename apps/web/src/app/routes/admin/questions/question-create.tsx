import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../../../components/ui/page-header';
import { QuestionForm } from '../../../../features/questions/components/question-form';

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Add question`} description={t`Students see it as the preview shows it, in the tests it is chosen for.`} />
      <QuestionForm listPath="/app/questions" />
    </>
  );
}

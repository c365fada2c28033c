import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../../components/ui/page-header';
import { QuestionForm } from '../../../features/questions/components/question-form';
import { useArea } from '../../area';

export function Component() {
  const { t } = useLingui();
  const area = useArea();
  return (
    <>
      <PageHeader title={t`Add question`} description={t`Students see it as the preview shows it, in the tests it is chosen for.`} />
      <QuestionForm listPath={`${area.path}/questions`} />
    </>
  );
}

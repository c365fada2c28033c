import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../../components/ui/page-header';
import { QuestionImport } from '../../../features/questions/components/question-import';
import { useArea } from '../../area';

export function Component() {
  const { t } = useLingui();
  const area = useArea();
  return (
    <>
      <PageHeader title={t`Import questions`} description={t`Many questions at once from Excel: checked first, then imported all together.`} />
      <QuestionImport listPath={`${area.path}/questions`} />
    </>
  );
}

import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../../../components/ui/page-header';
import { QuestionImport } from '../../../../features/questions/components/question-import';

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Import questions`} description={t`Many questions at once from Excel: checked first, then imported all together.`} />
      <QuestionImport listPath="/app/questions" />
    </>
  );
}

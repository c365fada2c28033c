import { useParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { DetailPage } from '../../../components/detail-page';
import { useQuestion } from '../../../features/questions/api';
import { QuestionForm } from '../../../features/questions/components/question-form';
import { useLocalNames } from '../../../lib/public-settings';
import { useArea } from '../../area';

export function Component() {
  const { t } = useLingui();
  const names = useLocalNames();
  const { id = '' } = useParams();
  const question = useQuestion(id);
  const listPath = `${useArea().path}/questions`;
  return (
    <DetailPage
      query={question}
      title={t`Edit question`}
      description={(record) => `${names.subject(record.subject)} · ${record.chapter}`}
      back={{ to: listPath, label: t`Question bank` }}
      errorTitle={t`The question could not be loaded`}
      errorFallback={t`The question could not be loaded`}
      skeletonHeight={480}
    >
      {(record) => <QuestionForm key={record._id} question={record} listPath={listPath} />}
    </DetailPage>
  );
}

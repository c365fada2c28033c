import { Skeleton } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useCurrentUser } from '../../../lib/session';
import { useAttempt } from '../../../features/online-tests/api';
import { removeDraft } from '../../../features/online-tests/attempt-answers';
import { AttemptScreen } from '../../../features/online-tests/components/attempt-screen';
import { usePageMeta } from '../../../lib/page-meta';

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const user = useCurrentUser();
  const attempt = useAttempt(id, user?._id);
  usePageMeta(attempt.data?.test.title ?? t`Online test`);
  // Leaving the screen by mistake (the back gesture) mid-test: the browser asks first.
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, []);
  // Submitted (the server's clock, or another phone): what this phone kept of it is of no more use.
  const submitted = Boolean(attempt.data?.submittedAt);
  useEffect(() => {
    if (submitted && user) removeDraft(user._id, id);
  }, [submitted, user, id]);
  if (attempt.isPending || !user) return <Skeleton h={400} radius="md" aria-hidden="true" />;
  if (attempt.isError) return <LoadErrorAlert title={t`The test could not be loaded`} error={attempt.error} fallback={t`Failed to load the test`} onRetry={() => void attempt.refetch()} />;
  // Submitted (here, on another phone, or by the server at the end): the result.
  if (attempt.data.submittedAt) return <Navigate to={`/app/student/online-tests/attempts/${id}/result`} replace />;
  return <AttemptScreen attempt={attempt.data} userId={user._id} />;
}

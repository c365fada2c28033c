import { Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import type { AttendanceRange } from '../../../features/attendance/api';
import { DateRangeFields, validRange } from '../../../features/attendance/components/date-range-fields';
import { StudentAttendancePanel } from '../../../features/attendance/components/student-attendance-panel';
import { StudentExamsSection } from '../../../features/exams/components/student-exams-section';
import { BATCH_FAILURE, BATCHES_FAILURE, useBatchDetail, useBatches } from '../../../features/batches/api';
import { Trans, useLingui } from '@lingui/react/macro';

/** Student-wise attendance: batch, student and range live in the address, so a link opens the same view. */
export function Component() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const batches = useBatches();
  const batchList = batches.data ?? [];
  const batchId = batchList.find((batch) => batch._id === params.get('batchId'))?._id ?? batchList[0]?._id ?? '';
  const roster = useBatchDetail(batchId);
  const students = batchId && roster.data ? roster.data.enrolledStudents : [];
  const studentId = params.get('studentId') ?? '';
  const range: AttendanceRange = { startDate: params.get('startDate') ?? undefined, endDate: params.get('endDate') ?? undefined };

  const update = (next: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value) updated.set(key, value);
          else updated.delete(key);
        }
        return updated;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title={t`Student Attendance`} description={t`Pick a batch and a student to see their marks, month by month.`} />
      {batches.isPending ? (
        <Skeleton h={200} radius="md" aria-hidden="true" />
      ) : batches.isError ? (
        <LoadErrorAlert title={t`Your batches could not be loaded`} error={batches.error} fallback={BATCHES_FAILURE} onRetry={() => void batches.refetch()} />
      ) : batchList.length === 0 ? (
        <Text c="dimmed"><Trans>You have no batches yet.</Trans></Text>
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t`Batch`}
              size="md"
              allowDeselect={false}
              data={batchList.map((batch) => ({ value: batch._id, label: batch.name }))}
              value={batchId}
              onChange={(value) => value && update({ batchId: value, studentId: undefined })}
            />
            <Select
              label={t`Student`}
              size="md"
              searchable
              // isLoading, not isPending: with no batch chosen the roster is never fetched.
              placeholder={roster.isLoading ? t`Loading students…` : t`Choose a student`}
              nothingFoundMessage={t`No student by that name`}
              data={students.map((student) => ({ value: student._id, label: student.name }))}
              value={students.some((student) => student._id === studentId) ? studentId : null}
              onChange={(value) => update({ batchId, studentId: value ?? undefined })}
            />
          </SimpleGrid>
          <DateRangeFields value={range} onChange={(next) => update({ batchId, startDate: next.startDate, endDate: next.endDate })} />
          {roster.isError ? (
            <LoadErrorAlert title={t`The batch could not be loaded`} error={roster.error} fallback={BATCH_FAILURE} onRetry={() => void roster.refetch()} />
          ) : studentId ? (
            <>
              <StudentAttendancePanel studentId={studentId} batchId={batchId} range={validRange(range)} />
              {/* Tests and marks in this teacher's batches, with the progress chart (issue 23). */}
              <StudentExamsSection studentId={studentId} reportCard={false} />
            </>
          ) : (
            <Text c="dimmed" size="sm">
              <Trans>Choose a student to see their attendance.</Trans>
            </Text>
          )}
        </Stack>
      )}
    </>
  );
}

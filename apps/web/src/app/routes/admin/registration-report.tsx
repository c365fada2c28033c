import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { DateField } from '../../../components/ui/date-field';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { ENQUIRY_FAILURES, useAdmissionsReport } from '../../../features/admissions/api';
import { ReportByStandard, ReportBySource, ReportLostReasons, ReportTotals } from '../../../features/admissions/components/enquiry-report';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { Trans, useLingui } from '@lingui/react/macro';

/** A 'YYYY-MM-DD' from the address (the server checks the day itself and says so). */
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** This admission season: from 1 April (this year's, or last year's before April) to today. */
function seasonStart(today: string): string {
  const year = Number(today.slice(0, 4));
  return today.slice(5) >= '04-01' ? `${year}-04-01` : `${year - 1}-04-01`;
}

/** The season's report (issue 41): the enquiries of a range of days through the funnel; the range is kept in the address. */
export function Component() {
  const { t } = useLingui();
  const today = useAcademyToday();
  const [params, setParams] = useSearchParams();
  const read = (name: string, fallback: string) => {
    const value = params.get(name);
    return value && DATE.test(value) ? value : fallback;
  };
  const from = read('from', seasonStart(today));
  const to = read('to', today);
  const inOrder = from <= to;
  const report = useAdmissionsReport({ from, to });
  const change = (name: 'from' | 'to', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  return (
    <>
      <PageHeader
        title={t`Admissions report`}
        description={t`Enquiries received in these days, how far they went, and why families were lost.`}
        actions={
          <Anchor component={Link} to="/app/registrations" size="sm">
            <Trans>Back to registrations</Trans>
          </Anchor>
        }
      />
      <Stack gap="lg">
        <Group gap="sm" align="flex-start" wrap="wrap">
          <DateField label={t`From`} value={from} onChange={(value) => change('from', value)} max={today} required style={{ flex: '1 1 10rem', maxWidth: 220 }} />
          <DateField
            label={t`To`}
            value={to}
            onChange={(value) => change('to', value)}
            required
            error={inOrder ? undefined : t`The "to" date must be on or after the "from" date`}
            style={{ flex: '1 1 10rem', maxWidth: 220 }}
          />
        </Group>
        {!inOrder ? null : report.isError ? (
          <LoadErrorAlert title={t`The report could not be loaded`} error={report.error} fallback={ENQUIRY_FAILURES.report} onRetry={() => void report.refetch()} />
        ) : !report.data ? (
          <Skeleton h={320} radius="md" aria-hidden="true" />
        ) : report.data.total.enquiries === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>No enquiries were received in these days.</Trans>
          </Text>
        ) : (
          <>
            <ReportTotals total={report.data.total} />
            <ReportBySource rows={report.data.bySource} />
            <ReportByStandard rows={report.data.byStandard} />
            <ReportLostReasons rows={report.data.lostReasons} />
          </>
        )}
      </Stack>
    </>
  );
}

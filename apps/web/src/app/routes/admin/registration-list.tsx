import { Button, Group, Select } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { ENQUIRY_FORMS, ENQUIRY_SOURCES, ENQUIRY_STATUSES } from '@academy/shared/schemas/admissions';
import { ListFilters, ListFooter, ListSearch, ListStates } from '../../../components/list-kit';
import { PageHeader } from '../../../components/ui/page-header';
import { AddButton } from '../../../components/page-kit/add-button';
import { ENQUIRY_FAILURES, useEnquiries, useEnquiryCounts } from '../../../features/admissions/api';
import { EnquiryListView } from '../../../features/admissions/components/enquiry-list-view';
import { ENQUIRY_PAGE_SIZE, parseEnquiryListState, toEnquiryListParams, toEnquiryListQuery } from '../../../features/admissions/enquiry-list-query';
import type { EnquiryListState } from '../../../features/admissions/enquiry-list-query';
import { useEnquiryLabels } from '../../../features/admissions/enquiry-labels';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';

export function Component() {
  const { t } = useLingui();
  const labels = useEnquiryLabels();
  const [params, setParams] = useSearchParams();
  const state = parseEnquiryListState(params);
  const enquiries = useEnquiries(toEnquiryListQuery(state));
  const counts = useEnquiryCounts();

  const update = (next: Partial<EnquiryListState>) => {
    setParams(toEnquiryListParams({ ...parseEnquiryListState(params), page: 1, ...next }), { replace: true });
  };

  const total = enquiries.data?.pagination.total ?? 0;
  const filtered = state.search !== '' || state.status !== '' || state.form !== '' || state.source !== '' || state.followUp !== '';
  const followUpOptions = [
    { value: 'overdue', label: t`Overdue` },
    { value: 'today', label: t`Today` },
    { value: 'week', label: t`This week` },
  ];
  const statusOptions = ENQUIRY_STATUSES.map((status) => ({
    value: status,
    label: counts.data ? `${labels.status(status)} (${counts.data[status]})` : labels.status(status),
  }));

  return (
    <>
      <PageHeader
        title={t`New Registrations`}
        description={counts.data ? t`${counts.data.new} new, ${counts.data.contacted} contacted. Newest first.` : t`Admission enquiries and contact messages, newest first.`}
        actions={
          <Group gap="sm">
            <Button component={Link} to="/app/registrations/report" variant="default" leftSection={<IconChartBar size={18} aria-hidden="true" />}>
              <Trans>Season report</Trans>
            </Button>
            <AddButton to="/app/registrations/new"><Trans>Add Registration</Trans></AddButton>
          </Group>
        }
      />
      <ListFilters columns={{ sm: 3 }}>
        <ListSearch value={state.search} onSearch={(search) => update({ search })} placeholder={t`Name, email or phone`} />
        <Select
          label={t`Status`}
          placeholder={t`All statuses`}
          data={statusOptions}
          clearable
          value={state.status || null}
          onChange={(value) => update({ status: (value ?? '') as EnquiryListState['status'] })}
        />
        <Select
          label={t`Next call`}
          placeholder={t`Any day`}
          data={followUpOptions}
          clearable
          value={state.followUp || null}
          onChange={(value) => update({ followUp: (value ?? '') as EnquiryListState['followUp'] })}
        />
        <Select
          label={t`Source`}
          placeholder={t`All sources`}
          data={ENQUIRY_SOURCES.map((source) => ({ value: source, label: labels.source(source) }))}
          clearable
          value={state.source || null}
          onChange={(value) => update({ source: (value ?? '') as EnquiryListState['source'] })}
        />
        <Select
          label={t`Form`}
          placeholder={t`All forms`}
          data={ENQUIRY_FORMS.map((form) => ({ value: form, label: labels.form(form) }))}
          clearable
          value={state.form || null}
          onChange={(value) => update({ form: (value ?? '') as EnquiryListState['form'] })}
        />
      </ListFilters>
      <ListStates
        query={enquiries}
        count={enquiries.data?.enquiries.length ?? 0}
        errorTitle={t`Registrations could not be loaded`}
        errorFallback={ENQUIRY_FAILURES.fetch}
        empty={filtered ? t`No registrations match these filters.` : t`No registrations yet. Applications from the website appear here.`}
      >
        <EnquiryListView enquiries={enquiries.data?.enquiries ?? []} />
        <ListFooter
          countText={plural(total, { one: '# registration', other: '# registrations' })}
          paging={{ total, pageSize: ENQUIRY_PAGE_SIZE, page: state.page, onChange: (page) => setParams(toEnquiryListParams({ ...state, page })) }}
        />
      </ListStates>
    </>
  );
}

import { Button, Group, Pagination, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ENQUIRY_SOURCE_LABELS, ENQUIRY_SOURCES, ENQUIRY_STATUS_LABELS, ENQUIRY_STATUSES } from '@academy/shared/schemas/admissions';
import { LoadErrorAlert } from '../../../../components/ui/load-error-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { ENQUIRY_FAILURES, useEnquiries, useEnquiryCounts } from '../../../../features/admissions/api';
import { EnquiryListView } from '../../../../features/admissions/components/enquiry-list-view';
import { ENQUIRY_PAGE_SIZE, parseEnquiryListState, toEnquiryListParams, toEnquiryListQuery } from '../../../../features/admissions/enquiry-list-query';
import type { EnquiryListState } from '../../../../features/admissions/enquiry-list-query';
import { PAGINATION_CONTROL_LABELS } from '../../../../components/ui/pagination-labels';

export function Component() {
  const [params, setParams] = useSearchParams();
  const state = parseEnquiryListState(params);
  const [searchText, setSearchText] = useState(state.search);
  const enquiries = useEnquiries(toEnquiryListQuery(state));
  const counts = useEnquiryCounts();

  const update = (next: Partial<EnquiryListState>) => {
    setParams(toEnquiryListParams({ ...parseEnquiryListState(params), page: 1, ...next }), { replace: true });
  };
  const applySearch = useDebouncedCallback((search: string) => update({ search }), 350);

  const total = enquiries.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ENQUIRY_PAGE_SIZE));
  const filtered = state.search !== '' || state.status !== '' || state.source !== '';
  const statusOptions = ENQUIRY_STATUSES.map((status) => ({
    value: status,
    label: counts.data ? `${ENQUIRY_STATUS_LABELS[status]} (${counts.data[status]})` : ENQUIRY_STATUS_LABELS[status],
  }));

  return (
    <>
      <PageHeader
        title="New Registrations"
        description={counts.data ? `${counts.data.new} new, ${counts.data.contacted} contacted. Newest first.` : 'Admission enquiries and contact messages, newest first.'}
        actions={
          <Button component={Link} to="/app/registrations/new" leftSection={<IconPlus size={18} aria-hidden="true" />}>
            Add Registration
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label="Search"
            placeholder="Name, email or phone"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={searchText}
            onChange={(event) => {
              setSearchText(event.currentTarget.value);
              applySearch(event.currentTarget.value);
            }}
          />
          <Select
            label="Status"
            placeholder="All statuses"
            data={statusOptions}
            clearable
            value={state.status || null}
            onChange={(value) => update({ status: (value ?? '') as EnquiryListState['status'] })}
          />
          <Select
            label="Source"
            placeholder="All sources"
            data={ENQUIRY_SOURCES.map((source) => ({ value: source, label: ENQUIRY_SOURCE_LABELS[source] }))}
            clearable
            value={state.source || null}
            onChange={(value) => update({ source: (value ?? '') as EnquiryListState['source'] })}
          />
        </SimpleGrid>
      </Paper>
      {enquiries.isPending ? (
        <Stack gap="sm" aria-hidden="true">
          <Skeleton h={72} radius="md" />
          <Skeleton h={72} radius="md" />
          <Skeleton h={72} radius="md" />
        </Stack>
      ) : enquiries.isError ? (
        <LoadErrorAlert title="Registrations could not be loaded" error={enquiries.error} fallback={ENQUIRY_FAILURES.fetch} onRetry={() => void enquiries.refetch()} />
      ) : enquiries.data.enquiries.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Group justify="center">
            <Text c="dimmed">{filtered ? 'No registrations match these filters.' : 'No registrations yet. Applications from the website appear here.'}</Text>
          </Group>
        </Paper>
      ) : (
        <Stack gap="md" style={{ opacity: enquiries.isPlaceholderData ? 0.6 : 1 }}>
          <EnquiryListView enquiries={enquiries.data.enquiries} />
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {total === 1 ? '1 registration' : `${total} registrations`}
            </Text>
            {pages > 1 ? (
              <Pagination
                total={pages}
                value={Math.min(state.page, pages)}
                onChange={(page) => setParams(toEnquiryListParams({ ...state, page }))}
                size="sm"
                siblings={0}
                getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
                getControlProps={(control) => ({ 'aria-label': PAGINATION_CONTROL_LABELS[control] })}
              />
            ) : null}
          </Group>
        </Stack>
      )}
    </>
  );
}

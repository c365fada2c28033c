import { useState } from 'react';
import { Button, Checkbox, Group, NumberInput, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { LectureRecorders, LectureSettings } from '@academy/shared/schemas/lecture-settings';
import { showNotSaved, showSaved } from '../../../components/ui/save-notices';
import { SettingsPanel, SettingsQueryStates } from '../../../components/ui/settings-card';
import { fieldErrorsOf } from '../../../lib/api-client';
import { translateServerText } from '../../../lib/server-text';
import { megabytes } from '../offline-lectures';
import { useLectureSettings, useSaveLectureSettings } from '../settings-api';
import { LectureBucketStatus } from './lecture-bucket-status';
import { TableScroll } from '../../../components/ui/table-scroll';

/**
 * Settings → Lectures (issue 75, decision 088): who may record, how long lectures are kept on the server
 * and downloads on phones, and the storage each batch's lectures take.
 */
export function LectureSettingsSection() {
  const { t } = useLingui();
  const settings = useLectureSettings();
  return <SettingsQueryStates query={settings} skeleton={320} errorTitle={t`The lecture settings could not be loaded`} errorFallback={msg`Failed to load the lecture settings`}>{(data) => <LectureSettingsForm settings={data} />}</SettingsQueryStates>;
}

function LectureSettingsForm({ settings }: { settings: LectureSettings }) {
  const { t } = useLingui();
  const save = useSaveLectureSettings();
  const [recorders, setRecorders] = useState<LectureRecorders>(settings.recorders);
  const [teacherIds, setTeacherIds] = useState<string[]>(settings.teacherIds);
  const [keepDays, setKeepDays] = useState<number | string>(settings.keepDays ?? '');
  const [offlineDays, setOfflineDays] = useState<number | string>(settings.offlineDays);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    try {
      const { message } = await save.mutateAsync({
        recorders,
        teacherIds: recorders === 'chosen-teachers' ? teacherIds : [],
        keepDays: keepDays === '' ? null : Number(keepDays),
        offlineDays: offlineDays === '' ? 0 : Number(offlineDays),
      });
      setErrors({});
      showSaved(t`Lecture settings saved`, message ? translateServerText(message) : '');
    } catch (error) {
      setErrors(fieldErrorsOf(error) ?? {});
      showNotSaved(t`Lecture settings not saved`, error, msg`The lecture settings could not be saved`);
    }
  };

  return (
    <SettingsPanel
      titleId="lecture-settings-title"
      title={<Trans>Lectures</Trans>}
      description={<Trans>Who records class lectures, how long they are kept, and the space they take.</Trans>}
      testId="lecture-settings"
    >
      <Radio.Group label={t`Who may record lectures`} value={recorders} onChange={(value) => setRecorders(value as LectureRecorders)} error={errors.recorders}>
        <Stack gap={6} mt={6}>
          <Radio value="all-teachers" label={t`Every teacher, for their own batches`} />
          <Radio value="chosen-teachers" label={t`Only the teachers chosen below`} />
          <Radio value="admin-only" label={t`Only the office (admin)`} />
        </Stack>
      </Radio.Group>
      {recorders === 'chosen-teachers' ? (
        <Checkbox.Group label={t`Teachers who may record`} value={teacherIds} onChange={setTeacherIds} error={errors.teacherIds}>
          <Stack gap={6} mt={6}>
            {settings.teachers.map((teacher) => (
              <Checkbox key={teacher._id} value={teacher._id} label={teacher.name} />
            ))}
          </Stack>
        </Checkbox.Group>
      ) : null}
      <NumberInput
        label={t`Keep lectures for (days)`}
        description={t`Older lectures' recordings are removed every night; their titles and who watched stay. Leave empty to keep them.`}
        min={1}
        max={3650}
        allowDecimal={false}
        value={keepDays}
        onChange={setKeepDays}
        error={errors.keepDays}
        maw={320}
        data-testid="lecture-keep-days"
      />
      <NumberInput
        label={t`Keep downloads on phones for (days)`}
        description={t`A lecture a student downloads to watch offline is removed from their phone after this.`}
        min={1}
        max={365}
        allowDecimal={false}
        value={offlineDays}
        onChange={setOfflineDays}
        error={errors.offlineDays}
        maw={320}
        data-testid="lecture-offline-days"
      />
      <Group>
        <Button onClick={() => void submit()} loading={save.isPending} data-testid="lecture-settings-save">
          <Trans>Save lecture settings</Trans>
        </Button>
      </Group>
      <LectureStorageByBatch settings={settings} />
      <LectureBucketStatus bucket={settings.bucket} />
    </SettingsPanel>
  );
}

/** The space each batch's lectures take, and all of them. */
function LectureStorageByBatch({ settings }: { settings: LectureSettings }) {
  const { t } = useLingui();
  return (
    <div>
      <Title order={3} size="h5">
        <Trans>Storage by batch</Trans>
      </Title>
      {settings.storage.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No lectures stored yet.</Trans>
        </Text>
      ) : (
        <TableScroll minWidth={280}>
          <Table data-testid="lecture-storage">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Batch`}</Table.Th>
                <Table.Th ta="end">{t`Lectures`}</Table.Th>
                <Table.Th ta="end">{t`Space`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {settings.storage.map((row) => (
                <Table.Tr key={row.batch._id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.batch.name}</Table.Td>
                  <Table.Td ta="end">{row.lectures}</Table.Td>
                  <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                    {megabytes(row.bytes)}
                  </Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td fw={600}>{t`All batches`}</Table.Td>
                <Table.Td />
                <Table.Td ta="end" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {megabytes(settings.totalBytes)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </div>
  );
}

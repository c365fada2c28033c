import { useRef, useState } from 'react';
import { CameraFileInput } from '../../../components/ui/camera-file-input';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileCheck, IconListCheck } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { normalizeError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { useKeyFromOnlineTest, useSaveAnswerKey, useScanKeySheet, type OmrKeySheet } from '../omr-api';
import { SettleChoices } from './omr-settle-choices';

/** A long label wraps on a narrow phone rather than being cut. */
export const WRAP = { label: { whiteSpace: 'normal' as const, textAlign: 'left' as const } };

/**
 * The answer key from elsewhere than typing (issue 76, decision 092): the linked online test's paper,
 * or a teacher's own filled sheet photographed as the key. A key sheet with unclear or blank questions
 * is not saved: each is settled here first, then the key is saved.
 */
export function KeyElsewhere({ examId }: { examId: string }) {
  const { t } = useLingui();
  const fromPaper = useKeyFromOnlineTest(examId);
  const scanKey = useScanKeySheet(examId);
  const [sheet, setSheet] = useState<OmrKeySheet | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const failed = (error: unknown) => notifications.show({ color: 'red', message: normalizeError(error).message });

  const onPaper = () =>
    fromPaper.mutate(undefined, { onSuccess: () => notifications.show({ color: 'teal', message: t`Answer key taken from the online test’s paper` }), onError: failed });

  const onFile = (file: File | undefined) => {
    if (!file) return;
    scanKey.mutate(file, {
      onSuccess: ({ data }) => {
        if (data.key) {
          setSheet(null);
          notifications.show({ color: 'teal', message: t`Answer key saved` });
        } else setSheet(data);
      },
      onError: failed,
    });
  };

  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <Button variant="default" h="auto" mih={36} py={6} styles={WRAP} onClick={onPaper} loading={fromPaper.isPending} leftSection={<IconListCheck size={18} aria-hidden="true" />}>
          <Trans>Take the key from the online test</Trans>
        </Button>
        <Button variant="default" h="auto" mih={36} py={6} styles={WRAP} onClick={() => fileInput.current?.click()} loading={scanKey.isPending} leftSection={<IconFileCheck size={18} aria-hidden="true" />}>
          <Trans>Scan a key sheet</Trans>
        </Button>
      </Group>
      <CameraFileInput ref={fileInput} accept="image/*,application/pdf" testId="omr-key-file" onFile={onFile} />
      {sheet ? <KeySheetToSettle examId={examId} sheet={sheet} onDone={() => setSheet(null)} /> : null}
    </Stack>
  );
}

/** The key sheet's unclear or blank questions, settled one by one; then the key is saved. */
function KeySheetToSettle({ examId, sheet, onDone }: { examId: string; sheet: OmrKeySheet; onDone: () => void }) {
  const { t } = useLingui();
  const saveKey = useSaveAnswerKey(examId);
  const [settled, setSettled] = useState<Map<number, string>>(new Map());
  const left = sheet.uncertain.filter((question) => !settled.has(question));
  const open = left[0] ?? null;

  const onSave = () => {
    const answers = sheet.answers.map((answer, index) => settled.get(index + 1) ?? answer ?? '');
    saveKey.mutate(
      { answers, pattern: sheet.pattern, options: sheet.options },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t`Answer key saved` });
          onDone();
        },
        onError: (error) => notifications.show({ color: 'red', message: normalizeError(error).message }),
      },
    );
  };

  return (
    <Alert color="orange" variant="light" title={t`Key sheet read: settle ${formatNumber(sheet.uncertain.length)} questions, then save the key`} data-testid="omr-key-sheet">
      <Stack gap="xs">
        {open !== null ? (
          <>
            <Text size="sm">{t`Question ${open}: what is the right answer?`}</Text>
            <SettleChoices
              key={open}
              question={open}
              options={sheet.options}
              numeric={sheet.numericQuestions.includes(open)}
              allowBlank={false}
              onAnswer={(answer) => answer !== null && setSettled((before) => new Map(before).set(open, answer))}
            />
          </>
        ) : (
          <Group gap="sm">
            <Button onClick={onSave} loading={saveKey.isPending}>
              <Trans>Save answer key</Trans>
            </Button>
          </Group>
        )}
        <Button variant="subtle" size="compact-sm" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}

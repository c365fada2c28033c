import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconCamera, IconDownload, IconPhoto, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { SectionCard } from '../../../components/ui/section-card';
import { formatNumber } from '../../../lib/format-number';
import { defaultNumeric } from '@academy/shared/omr/layout';
import { JEE_MAIN_SECTIONS, type SheetChoice } from '../omr-key-text';
import { omrSheetUrl, type OmrScan, type OmrScans } from '../omr-api';
import { KeyElsewhere, WRAP } from './omr-key-tools';
import { SettleChoices } from './omr-settle-choices';
import { useOmrSheets, type OmrSheetsState } from './use-omr-sheets';

const COUNTS: Record<string, string[]> = { neet: ['180', '200'], cet: ['150', '200'] };

/**
 * OMR sheets of a test (issue 76): print blank or the batch's sheets, type the answer key, scan photos
 * of filled sheets (the phone's camera), and settle the questions the reader was not sure of with a tap.
 */
export function OmrSection({ examId, batchId }: { examId: string; batchId: string }) {
  const { t } = useLingui();
  const omr = useOmrSheets(examId);
  return (
    <SectionCard title={t`OMR sheets`} description={t`Print answer sheets, type the key, then photograph the filled sheets: the marks go into this test.`}>
      <Stack gap="md">
        <SheetSettings examId={examId} batchId={batchId} sheet={omr.sheet} onChange={omr.setSheet} />
        <AnswerKeyField omr={omr} />
        <KeyElsewhere examId={examId} />
        <SheetUploads omr={omr} />
        <ReadSheets examId={examId} omr={omr} />
      </Stack>
    </SectionCard>
  );
}

/** The answer key typed: a letter a question, then a JEE sheet's numeric answers; saved once each question has one. */
function AnswerKeyField({ omr }: { omr: OmrSheetsState }) {
  const { t } = useLingui();
  const { letters } = omr;
  const { questions, numeric } = omr.sheet;
  return (
    <>
      <Textarea
        label={t`Answer key`}
        description={
          numeric > 0
            ? t`Type the right letter of each question in order, e.g. ACBD…, then the numeric answers separated by spaces, e.g. 42 7 1250. ${formatNumber(letters.length)} of ${formatNumber(questions)} typed.`
            : t`Type the right letter of each question in order, e.g. ACBD…; spaces and numbers are skipped. ${formatNumber(letters.length)} of ${formatNumber(questions)} typed.`
        }
        autosize
        minRows={2}
        maxRows={6}
        value={omr.typedKey}
        onChange={(event) => omr.setKeyText(event.currentTarget.value)}
        styles={{ input: { fontFamily: 'monospace', letterSpacing: '0.1em' } }}
      />
      <Group>
        <Button onClick={omr.onSaveKey} loading={omr.savingKey} disabled={letters.length !== questions}>
          <Trans>Save answer key</Trans>
        </Button>
      </Group>
    </>
  );
}

/** The filled sheets: scanned with this phone (the Scan screen), or photos and PDFs sent from here, and those that could not be read. */
function SheetUploads({ omr }: { omr: OmrSheetsState }) {
  const { key, fileInput } = omr;
  return (
    <>
      <input
        ref={fileInput}
        type="file"
        accept="image/*,application/pdf"
        capture="environment"
        multiple
        hidden
        data-testid="omr-file"
        onChange={(event) => void omr.onFiles(event.currentTarget.files)}
      />
      {/* A row each on a phone, side by side from 576 px. */}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Button size="md" h="auto" mih={42} py={8} styles={WRAP} component={Link} to="scan" relative="path" disabled={!key} leftSection={<IconCamera size={20} aria-hidden="true" />}>
          <Trans>Scan with this phone</Trans>
        </Button>
        <Button size="md" h="auto" mih={42} py={8} styles={WRAP} variant="light" onClick={() => fileInput.current?.click()} loading={omr.busy} disabled={!key} leftSection={<IconUpload size={20} aria-hidden="true" />}>
          <Trans>Upload photos or a PDF</Trans>
        </Button>
      </SimpleGrid>
      {!key ? (
        <Text size="sm" c="dimmed">
          <Trans>Save the answer key first, then scan the sheets.</Trans>
        </Text>
      ) : null}

      {omr.uploads.map((upload, index) =>
        upload.error ? (
          <Alert key={`${upload.name}-${index}`} color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title={upload.name}>
            {upload.error}
          </Alert>
        ) : null,
      )}
    </>
  );
}

/** The sheets read: those with questions to settle first, then the others, and the question analysis. */
function ReadSheets({ examId, omr }: { examId: string; omr: OmrSheetsState }) {
  const { key } = omr;
  const read = omr.scans?.scans ?? [];
  if (read.length === 0) return null;
  const ordered = [...read.filter((one) => one.uncertain.length > 0), ...read.filter((one) => one.uncertain.length === 0)];
  return (
    <Stack gap="sm">
      <Text fw={600}>
        <Trans>Read sheets</Trans>
      </Text>
      {ordered.map((one) => (
        <ScanCard key={one.studentId} examId={examId} scan={one} options={key?.options ?? 4} numericQuestions={key?.numericQuestions ?? []} onSettle={omr.onSettle} />
      ))}
      <QuestionAnalysis analysis={omr.scans?.analysis ?? []} />
    </Stack>
  );
}

/** The sheet to print: its pattern, how many questions and options, a JEE sheet's numeric-answer ones; the PDFs to download. */
function SheetSettings({ examId, batchId, sheet, onChange }: { examId: string; batchId: string; sheet: SheetChoice; onChange: (sheet: SheetChoice) => void }) {
  const { t } = useLingui();
  const { pattern, questions, options, numeric } = sheet;
  const fixedCounts = COUNTS[pattern];
  const set = (change: Partial<SheetChoice>) => {
    const next = { ...sheet, ...change };
    // A JEE sheet gets JEE Main's share of numeric-answer questions (75 → 15) when its count changes.
    if ((change.pattern || change.questions) && next.pattern === 'jee') next.numeric = defaultNumeric('jee', next.questions);
    if (next.pattern !== 'jee') next.numeric = 0;
    if (next.pattern !== 'jee') next.sections = null;
    onChange(next);
  };
  const onPattern = (value: string | null) => {
    if (!value) return;
    set({ pattern: value, ...(COUNTS[value] ? { questions: Number(COUNTS[value]![0]) } : value === 'jee' ? { questions: 75 } : {}), ...(value !== 'custom' ? { options: 4 } : {}) });
  };
  return (
    <>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t`Pattern`}
          w={130}
          value={pattern}
          onChange={onPattern}
          allowDeselect={false}
          data={[
            { value: 'neet', label: 'NEET' },
            { value: 'jee', label: 'JEE' },
            { value: 'cet', label: 'CET' },
            { value: 'custom', label: t`Custom` },
          ]}
        />
        {fixedCounts ? (
          <Select label={t`Questions`} w={110} value={String(questions)} onChange={(value) => value && set({ questions: Number(value) })} allowDeselect={false} data={fixedCounts} />
        ) : (
          <NumberInput label={t`Questions`} w={110} min={1} max={200} value={questions} onChange={(value) => set({ questions: Math.max(1, Math.min(200, Number(value) || 1)) })} />
        )}
        <Select label={t`Options`} w={100} value={String(options)} disabled={pattern !== 'custom'} onChange={(value) => value && set({ options: Number(value) })} allowDeselect={false} data={['4', '5']} />
        {pattern === 'jee' && !sheet.sections ? (
          <NumberInput label={t`Numeric answers`} w={140} min={0} max={16} value={numeric} onChange={(value) => onChange({ ...sheet, numeric: Math.max(0, Math.min(16, Math.min(questions - 1, Number(value) || 0))) })} />
        ) : null}
      </Group>
      {pattern === 'jee' ? (
        <>
          <Checkbox
            label={t`JEE Main's numbering: Physics, Chemistry and Mathematics, each 20 multiple-choice then 5 with a whole-number answer (75 in all)`}
            checked={!!sheet.sections}
            onChange={(event) => onChange(event.currentTarget.checked ? { ...sheet, questions: 75, numeric: 15, sections: JEE_MAIN_SECTIONS } : { ...sheet, numeric: defaultNumeric('jee', questions), sections: null })}
          />
          <Text size="sm" c="dimmed">
            {sheet.sections ? (
              <Trans>Each subject under its heading: its multiple-choice questions, then its numeric-answer ones (a whole number in four digit columns: 21–25, 46–50, 71–75); +4 right, −1 wrong for both, as in JEE Main.</Trans>
            ) : (
              <Trans>JEE sheets: multiple-choice questions first, then the numeric-answer ones (a whole number in four digit columns); +4 right, −1 wrong for both, as in JEE Main.</Trans>
            )}
          </Text>
        </>
      ) : null}
      <Group gap="sm" wrap="wrap">
        <Button component="a" href={omrSheetUrl(examId, sheet)} download variant="light" leftSection={<IconDownload size={18} aria-hidden="true" />}>
          <Trans>Blank sheet</Trans>
        </Button>
        <Button component="a" href={omrSheetUrl(examId, { ...sheet, batchId })} download variant="light" leftSection={<IconDownload size={18} aria-hidden="true" />}>
          <Trans>Sheets for the batch</Trans>
        </Button>
      </Group>
    </>
  );
}

/** How many chose each option of each question, shown on a tap. */
function QuestionAnalysis({ analysis }: { analysis: OmrScans['analysis'] }) {
  const { t } = useLingui();
  const [showAnalysis, setShowAnalysis] = useState(false);
  return (
    <>
      <UnstyledButton onClick={() => setShowAnalysis((value) => !value)} fz="sm" c="blue.7">
        {showAnalysis ? <Trans>Hide the question analysis</Trans> : <Trans>Show the question analysis (how many chose each option)</Trans>}
      </UnstyledButton>
      {showAnalysis ? (
        <Stack gap={2} ff="monospace" fz="xs">
          {analysis.map((row) => (
            <Text key={row.question} fz="xs" ff="monospace">
              {t`Q${row.question}`} ({row.answer ?? '–'}): {Object.entries(row.counts).map(([letter, count]) => `${letter === 'blank' ? '–' : letter} ${formatNumber(count)}`).join(' · ')}
            </Text>
          ))}
        </Stack>
      ) : null}
    </>
  );
}

/** One read sheet: the student, the score, the questions to settle with a tap (also on the Scan screen). */
export function ScanCard({ examId, scan, options, numericQuestions = [], onSettle }: { examId: string; scan: OmrScan; options: number; numericQuestions?: number[]; onSettle: (studentId: string, question: number, answer: string | null) => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState<number | null>(scan.uncertain[0] ?? null);
  const [showAll, setShowAll] = useState(false);
  return (
    <Stack gap={6} p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }} data-testid="omr-scan">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <div>
          <Text fw={600}>{scan.studentName}</Text>
          <Text size="xs" c="dimmed">
            {scan.studentCode}
          </Text>
        </div>
        <Group gap={6}>
          <Badge size="lg" variant="light" tt="none" color={scan.uncertain.length > 0 ? 'orange' : 'teal'}>
            {t`Score ${formatNumber(scan.score)}`}
          </Badge>
          <Button component="a" href={`/api/tests/${encodeURIComponent(examId)}/omr-scans/${encodeURIComponent(scan.studentId)}/photo`} target="_blank" size="compact-sm" variant="subtle" leftSection={<IconPhoto size={16} aria-hidden="true" />}>
            <Trans>Photo</Trans>
          </Button>
        </Group>
      </Group>
      {scan.uncertain.length > 0 ? (
        <>
          <Text size="sm" c="orange.8">
            <Trans>Not sure of these questions: tap one, then choose what the student marked.</Trans>
          </Text>
          <Group gap={6} wrap="wrap">
            {scan.uncertain.map((question) => (
              <Button key={question} size="compact-md" color="orange" variant={open === question ? 'filled' : 'light'} onClick={() => setOpen(question)} aria-pressed={open === question}>
                {t`Q${question}`}
              </Button>
            ))}
          </Group>
          {open !== null && scan.uncertain.includes(open) ? (
            <SettleChoices question={open} options={options} numeric={numericQuestions.includes(open)} onAnswer={(answer) => onSettle(scan.studentId, open, answer)} />
          ) : null}
        </>
      ) : null}
      <UnstyledButton onClick={() => setShowAll((value) => !value)} fz="sm" c="blue.7">
        {showAll ? <Trans>Hide answers</Trans> : <Trans>Show all answers</Trans>}
      </UnstyledButton>
      {showAll ? (
        <Group gap={4} wrap="wrap">
          {scan.answers.map((answer, index) => (
            <Badge key={index} variant={scan.uncertain.includes(index + 1) ? 'filled' : 'outline'} color={scan.uncertain.includes(index + 1) ? 'orange' : 'gray'} radius="sm" tt="none">
              {index + 1} {answer ?? '–'}
            </Badge>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}


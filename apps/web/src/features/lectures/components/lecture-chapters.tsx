import { useState } from 'react';
import { ActionIcon, Alert, Button, Collapse, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { LECTURE_CHAPTER_TITLE_MAX, LECTURE_MAX_CHAPTERS, type Lecture, type LectureChapter } from '@academy/shared/schemas/lectures';
import { useSaveLectureChapters } from '../api';

/** 75 → "1:15", 3725 → "1:02:05". */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** "1:15" → 75, "1:02:05" → 3725, "40" → 40; anything else null. */
export function parseClock(text: string): number | null {
  if (!/^\d{1,5}(?::\d{1,2}){0,2}$/.test(text.trim())) return null;
  const parts = text.trim().split(':').map(Number);
  if (parts.some((part) => !Number.isInteger(part) || part < 0)) return null;
  if (parts.length > 1 && parts.slice(1).some((part) => part > 59)) return null;
  const seconds = parts.reduce((sum, part) => sum * 60 + part, 0);
  return seconds <= 86_400 ? seconds : null;
}

/** The chapter playing at `time`: the last that starts at or before it. */
function currentChapter(chapters: readonly LectureChapter[], time: number): LectureChapter | undefined {
  let found: LectureChapter | undefined;
  for (const chapter of chapters) {
    if (chapter.t > time) break;
    found = chapter;
  }
  return found;
}

/** The player's chapters (decision 097): each a tap away, the one playing marked. Nothing when there are none. */
export function LectureChapterList({ chapters, time, onSeek }: { chapters: readonly LectureChapter[]; time: number; onSeek: (to: number) => void }) {
  const { t } = useLingui();
  if (chapters.length === 0) return null;
  const playing = currentChapter(chapters, time);
  return (
    <Stack gap={2} component="nav" aria-label={t`Chapters`} data-testid="lecture-chapters">
      <Text size="sm" fw={600}>
        {t`Chapters`}
      </Text>
      {chapters.map((chapter) => (
        <UnstyledButton
          key={chapter.t}
          onClick={() => onSeek(chapter.t)}
          data-testid="lecture-chapter"
          aria-current={chapter === playing ? 'true' : undefined}
          py={6}
          px="xs"
          style={{ borderRadius: 'var(--mantine-radius-sm)', background: chapter === playing ? 'var(--mantine-color-blue-light)' : undefined, minHeight: 40 }}
        >
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}>
              {clock(chapter.t)}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {chapter.title}
            </Text>
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );
}

type Row = { key: number; at: string; title: string };

/** The teacher's "Chapters" of a ready lecture on the batch screen: where each starts (m:ss) and its title, saved as a whole. */
export function LectureChaptersEditor({ lecture }: { lecture: Lecture }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const fromLecture = (): Row[] => lecture.chapters.map((chapter, index) => ({ key: index, at: clock(chapter.t), title: chapter.title }));
  const [rows, setRows] = useState<Row[]>(fromLecture);
  const [nextKey, setNextKey] = useState(lecture.chapters.length);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveLectureChapters(lecture._id);
  const change = (key: number, patch: Partial<Row>) => setRows((was) => was.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const submit = () => {
    setProblem(null);
    const chapters: LectureChapter[] = [];
    for (const row of rows) {
      const at = parseClock(row.at);
      if (at === null) return setProblem(t`Write where each chapter starts as minutes:seconds, like 12:30.`);
      chapters.push({ t: at, title: row.title.trim() });
    }
    save.mutate(chapters);
  };
  return (
    <>
      <Button variant="subtle" size="compact-sm" px={0} style={{ alignSelf: 'flex-start' }} onClick={() => setOpen((was) => !was)} aria-expanded={open}>
        {open ? t`Hide chapters` : t`Chapters (${lecture.chapters.length})`}
      </Button>
      <Collapse expanded={open}>
        {open ? (
          <Stack gap="xs" data-testid="lecture-chapters-editor">
            {rows.map((row, index) => (
              <Group key={row.key} gap="xs" wrap="nowrap" align="flex-end" data-testid="lecture-chapter-row">
                <TextInput label={t`Starts at`} placeholder="12:30" value={row.at} onChange={(event) => change(row.key, { at: event.currentTarget.value })} w={90} inputMode="numeric" aria-label={t`Chapter ${index + 1} starts at`} />
                <TextInput
                  label={t`Title`}
                  value={row.title}
                  maxLength={LECTURE_CHAPTER_TITLE_MAX}
                  onChange={(event) => change(row.key, { title: event.currentTarget.value })}
                  style={{ flex: 1, minWidth: 0 }}
                  aria-label={t`Chapter ${index + 1} title`}
                />
                <ActionIcon variant="subtle" color="red" size="lg" mb={2} onClick={() => setRows((was) => was.filter((one) => one.key !== row.key))} aria-label={t`Remove chapter ${index + 1}`}>
                  <IconX size={18} />
                </ActionIcon>
              </Group>
            ))}
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                leftSection={<IconPlus size={14} aria-hidden="true" />}
                disabled={rows.length >= LECTURE_MAX_CHAPTERS}
                onClick={() => {
                  setRows((was) => [...was, { key: nextKey, at: '', title: '' }]);
                  setNextKey((was) => was + 1);
                }}
              >
                {t`Add chapter`}
              </Button>
              <Button size="xs" onClick={submit} loading={save.isPending}>
                {t`Save chapters`}
              </Button>
            </Group>
            {problem ?? (save.isError ? save.error.message : null) ? (
              <Alert color="red" p="xs" role="alert">
                {problem ?? save.error?.message}
              </Alert>
            ) : save.isSuccess ? (
              <Text size="sm" c="green" role="status">
                {t`Chapters saved`}
              </Text>
            ) : null}
          </Stack>
        ) : null}
      </Collapse>
    </>
  );
}

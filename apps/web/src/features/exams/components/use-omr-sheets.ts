import { useEffect, useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { sectionsOfKey, sectionsText } from '@academy/shared/omr/layout';
import { normalizeError } from '../../../lib/api-client';
import { keyAnswers, keyText, kindsOf, type SheetChoice } from '../omr-key-text';
import { useOmrScans, useSaveAnswerKey, useScanSheet, useSettleAnswer, type OmrScan } from '../omr-api';

/** A photo or PDF sent from the upload button: the sheet it read, or why not. */
export type Upload = { name: string; scan?: OmrScan; error?: string };

/**
 * The OMR sheets' state (OmrSection): the sheet chosen to print, the typed key (filled from the stored
 * one once it arrives), the photos sent and what each read, and the questions settled with a tap.
 */
export function useOmrSheets(examId: string) {
  const { t } = useLingui();
  const scans = useOmrScans(examId);
  const key = scans.data?.key ?? null;
  const [sheet, setSheet] = useState<SheetChoice>({ pattern: 'neet', questions: 180, options: 4, numeric: 0, sections: null });
  const [typedKey, setKeyText] = useState('');
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const saveKey = useSaveAnswerKey(examId);
  const scan = useScanSheet(examId);
  const settle = useSettleAnswer(examId);

  // The stored key fills the form once it arrives.
  useEffect(() => {
    if (!key) return;
    const sections = sectionsOfKey(key.answers);
    setSheet({ pattern: key.pattern, questions: key.answers.length, options: key.options, numeric: key.numeric, sections: sections ? sectionsText(sections) : null });
    setKeyText(keyText(key.answers));
  }, [key]);

  const letters = keyAnswers(typedKey, kindsOf(sheet));

  const onSaveKey = () => {
    saveKey.mutate(
      { answers: letters, pattern: sheet.pattern, options: sheet.options },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: t`Answer key saved` }),
        onError: (error) => notifications.show({ color: 'red', message: normalizeError(error).message }),
      },
    );
  };

  const onFiles = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setBusy(true);
    const list = [...files];
    setUploads([]);
    for (const file of list) {
      try {
        const { data } = await scan.mutateAsync(file);
        setUploads((before) => [...before, { name: file.name, scan: data }]);
      } catch (error) {
        setUploads((before) => [...before, { name: file.name, error: normalizeError(error).message }]);
      }
    }
    setBusy(false);
    if (fileInput.current) fileInput.current.value = '';
  };

  const onSettle = (studentId: string, question: number, answer: string | null) => {
    settle.mutate(
      { studentId, question, answer },
      {
        onSuccess: ({ data }) => setUploads((before) => before.map((upload) => (upload.scan?.studentId === studentId ? { ...upload, scan: data } : upload))),
        onError: (error) => notifications.show({ color: 'red', message: normalizeError(error).message }),
      },
    );
  };

  return { scans: scans.data, key, sheet, setSheet, typedKey, setKeyText, letters, onSaveKey, savingKey: saveKey.isPending, uploads, busy, fileInput, onFiles, onSettle };
}

export type OmrSheetsState = ReturnType<typeof useOmrSheets>;

import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { normalizeError } from '../../lib/api-client';
import type { ApiResult } from '../../lib/api-client';
import type { UploadProgress } from '../../lib/send-form';

/** A sheet sent with its upload's progress: what a sheet import's check and commit take. */
export type SheetUpload = { file: File; onProgress?: UploadProgress };
type SheetMutation<T> = UseMutationResult<ApiResult<T>, Error, SheetUpload>;

/**
 * A spreadsheet import's steps (decision 032: the dry run is the import rolled back): a chosen file is
 * checked at once (the preview), a preview without wrong rows is imported all or nothing (the result),
 * a refusal is the error shown under the file. `sent` is the upload's share while a file travels.
 * Used by the register import and the question import; each keeps its own preview and result.
 */
export function useSheetImport<Preview, Result>({ check, run, imported }: { check: SheetMutation<Preview>; run: SheetMutation<Result>; imported: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);

  const checkFile = (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setResult(null);
    setError(null);
    if (!chosen) return;
    setSent(0);
    check.mutate(
      { file: chosen, onProgress: setSent },
      { onSuccess: ({ data }) => setPreview(data), onError: (failure) => setError(normalizeError(failure).message), onSettled: () => setSent(null) },
    );
  };

  const importFile = () => {
    if (!file) return;
    setSent(0);
    run.mutate(
      { file, onProgress: setSent },
      {
        onSuccess: ({ data, message }) => {
          setResult(data);
          setPreview(null);
          setFile(null);
          notifications.show({ color: 'teal', message: message ?? imported });
        },
        onError: (failure) => setError(normalizeError(failure).message),
        onSettled: () => setSent(null),
      },
    );
  };

  return { file, sent, preview, result, setResult, error, checkFile, importFile, busy: check.isPending || run.isPending, importing: run.isPending };
}

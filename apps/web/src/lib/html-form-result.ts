import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/*
 * A first screen's form posted as plain HTML (issue 74, decision 075: the attendance sheet works before
 * the app's code, or without it) and refused by the server: the server draws the screen again with the
 * reason and what was sent (apps/api/src/modules/attendance/sheet-form.routes.ts), put in the page's
 * data under this key, so the app takes over the same view.
 */

/** The attendance sheet's refused submission (the API's SheetFormResult). */
export interface SheetFormResult {
  batchId: string;
  date: string;
  message: string;
  errors: Record<string, string>;
  marks: Record<string, { status: string; remark: string }>;
  demos: Record<string, string>;
}

export const SHEET_FORM_RESULT_KEY = ['html-form-result', 'attendance-sheet'] as const;

/** The result the server drew the sheet with, read once (null on any other visit). */
export function useSheetFormResult(): SheetFormResult | null {
  const queryClient = useQueryClient();
  const [result] = useState(() => queryClient.getQueryData<SheetFormResult>(SHEET_FORM_RESULT_KEY) ?? null);
  return result;
}

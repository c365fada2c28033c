import type { ApiResult } from './api-client';
import { sendForm, type UploadProgress } from './send-form';

/** One file to send, and what hears the share of it sent so far. */
export interface FileUpload {
  file: File;
  onProgress?: UploadProgress;
}

/** Sends one file as a multipart form's `file` field (with its name), through sendForm. */
export function sendFile<T>(method: 'POST' | 'PUT', path: string, { file, onProgress }: FileUpload): Promise<ApiResult<T>> {
  const form = new FormData();
  form.append('file', file, file.name);
  return sendForm<T>(method, path, form, onProgress);
}

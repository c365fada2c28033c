import { API_BASE, ApiError, normalizeError, type ApiResult } from './api-client';

export type UploadProgress = (fraction: number) => void;

/**
 * Sends a multipart form with XMLHttpRequest, whose upload events fetch does not offer, reporting
 * the share sent so far; answers and failures take the same shapes as api-client's
 * (`{ data, message }`, or an ApiError with message, status and data).
 */
export function sendForm<T>(method: 'POST' | 'PUT', path: string, form: FormData, onProgress?: UploadProgress, signal?: AbortSignal, headers: Record<string, string> = {}): Promise<ApiResult<T>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, `${API_BASE}${path}`);
    request.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.responseType = 'text';
    if (onProgress) {
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    }
    request.onload = () => {
      let body: unknown;
      try {
        body = request.responseText.trim() === '' ? null : (JSON.parse(request.responseText) as unknown);
      } catch {
        body = null;
      }
      const envelope = typeof body === 'object' && body !== null ? (body as { success?: unknown; data?: unknown; message?: unknown }) : undefined;
      if (request.status < 200 || request.status >= 300 || envelope?.success === false || !envelope) {
        reject(normalizeError({ status: request.status, data: body }));
        return;
      }
      resolve({ data: envelope.data as T, message: typeof envelope.message === 'string' ? envelope.message : undefined });
    };
    request.onerror = () => reject(new ApiError('The upload failed. Check your connection and try again.', 0, null));
    request.onabort = () => reject(new ApiError('The upload was cancelled', 0, null));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

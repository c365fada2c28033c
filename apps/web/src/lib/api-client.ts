import { i18n, type MessageDescriptor } from '@lingui/core';
import { MESSAGES } from '@academy/shared/messages';
import { LANGUAGE_HEADER } from '@academy/shared/languages';
import { currentLanguage } from './current-language';
import { translateServerText } from './server-text';

/** Every API route lives under this path on the same origin as the web app. */
export const API_BASE = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The one shape every failed call takes (spec section 8): the message to show, the HTTP status
 * (0 when no answer arrived) and the parsed answer body, or null.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly data: unknown;

  constructor(message: string, status: number, data: unknown = null) {
    super(message);
    this.status = status;
    this.data = data;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * Turns anything thrown into an ApiError. Message order: the server's `message`, else the
 * transport or JavaScript error's message, else `fallback`. An ApiError that only carries the
 * generic fallback takes the caller's more specific one (e.g. "Login failed"). The fallback is worded
 * in the language shown: a Lingui message descriptor (the features' *_FAILURES) with the app's i18n
 * instance, an English sentence of the shared messages (MESSAGES, NOTE_MESSAGES…) through the server
 * messages' table (lib/server-text.ts; a sentence it does not know stays as given).
 */
export function normalizeError(error: unknown, fallbackText: string | MessageDescriptor = MESSAGES.fallbackError): ApiError {
  const fallback = typeof fallbackText === 'string' ? translateServerText(fallbackText) : i18n._(fallbackText);
  if (error instanceof ApiError) {
    const generic = translateServerText(MESSAGES.fallbackError);
    const onlyGeneric = error.message === MESSAGES.fallbackError || error.message === generic;
    return onlyGeneric && fallback !== error.message ? new ApiError(fallback, error.status, error.data) : error;
  }
  if (error instanceof Error) return new ApiError(nonEmptyString(error.message) ?? fallback, 0, null);
  if (typeof error === 'string') return new ApiError(nonEmptyString(error) ?? fallback, 0, null);
  if (isRecord(error)) {
    const data = 'data' in error ? (error.data ?? null) : null;
    const serverMessage = isRecord(data) ? nonEmptyString(data.message) : undefined;
    const status = typeof error.status === 'number' ? error.status : 0;
    return new ApiError(serverMessage ?? nonEmptyString(error.message) ?? fallback, status, data);
  }
  return new ApiError(fallback, 0, null);
}

/** The message the server itself sent with a failure, if any (not a transport error's text). */
export function serverMessageOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !isRecord(error.data)) return undefined;
  return nonEmptyString(error.data.message);
}

/** Field errors of a 400 answer (`errors: { field: message }`), if the server sent any. */
export function fieldErrorsOf(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof ApiError) || !isRecord(error.data) || !isRecord(error.data.errors)) return undefined;
  const entries = Object.entries(error.data.errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/**
 * Puts the server's words for each field under that field of a Mantine form (a 400 with `errors`), and
 * answers them (undefined when the failure named no field: the caller shows its own alert).
 */
export function showFieldErrors(form: { setErrors: (errors: Record<string, string>) => void }, error: unknown): Record<string, string> | undefined {
  const fieldErrors = fieldErrorsOf(error);
  if (fieldErrors) form.setErrors(fieldErrors);
  return fieldErrors;
}

const NO_BODY = Symbol('no body');
const UNREADABLE = Symbol('unreadable body');

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return NO_BODY;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return UNREADABLE;
  }
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Extra request headers (a payment's Idempotency-Key). */
  headers?: Record<string, string>;
}

/** A success answer: its `data`, and the `message` the server added for people, if any. */
export interface ApiResult<T> {
  data: T;
  message?: string;
}

/**
 * On the server only (entry-server.tsx, issue 56): reads a GET route as the person whose screen is being
 * drawn, so the screen's own queries can run there. Never set in the browser.
 */
let serverReader: ((path: string) => Promise<unknown>) | undefined;

export function setServerReader(reader: (path: string) => Promise<unknown>): void {
  serverReader = reader;
}

/**
 * Calls the API and returns its success envelope's `data` and `message`. Every failure (network,
 * HTTP status, `success: false`, an answer that is not JSON) is thrown as an ApiError.
 */
export async function apiRequestWithMessage<T>(method: HttpMethod, path: string, body?: unknown, options: RequestOptions = {}): Promise<ApiResult<T>> {
  if (serverReader && method === 'GET') return { data: (await serverReader(path)) as T };
  // The server words its messages in the language the person reads (a signed-in user's own wins there).
  const headers: Record<string, string> = { Accept: 'application/json', [LANGUAGE_HEADER]: currentLanguage(), ...options.headers };
  // An empty body must not claim to be JSON: the server rejects an empty JSON body.
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      credentials: 'same-origin',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
    payload = await readBody(response);
  } catch (error) {
    throw normalizeError(error);
  }

  const data = typeof payload === 'symbol' ? null : payload;
  if (!response.ok || (isRecord(data) && data.success === false)) {
    throw normalizeError({ status: response.status, data });
  }
  if (payload === NO_BODY) return { data: undefined as T };
  if (payload === UNREADABLE) throw new ApiError(MESSAGES.fallbackError, response.status, null);
  if (isRecord(data) && data.success === true) return { data: data.data as T, message: nonEmptyString(data.message) };
  return { data: data as T };
}

/** Calls the API and returns the `data` of its success envelope; failures as in apiRequestWithMessage. */
export async function apiRequest<T>(method: HttpMethod, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  return (await apiRequestWithMessage<T>(method, path, body, options)).data;
}

/**
 * Sends a JSON body and answers the file the server sends back (a PDF made from what was posted, e.g. a
 * sign-in slip with a password that must not travel in an address). Failures as in apiRequestWithMessage.
 */
export async function apiFileRequest(method: HttpMethod, path: string, body: unknown): Promise<{ blob: Blob; fileName: string | null }> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/pdf, application/json', [LANGUAGE_HEADER]: currentLanguage(), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw normalizeError(error);
  }
  if (!response.ok) {
    const payload = await readBody(response).catch(() => UNREADABLE);
    throw normalizeError({ status: response.status, data: typeof payload === 'symbol' ? null : payload });
  }
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
  return { blob: await response.blob(), fileName };
}

/** Saves a file the browser already holds, through a temporary link. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A failure to reach the server at all (offline, DNS, connection reset), as opposed to an HTTP answer. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError ? error.status === 0 : normalizeError(error).status === 0;
}

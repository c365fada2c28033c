import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@academy/shared/messages';
import { setCurrentLanguage } from './current-language';
import { loadServerMessages } from './server-text';
import { ApiError, apiRequest, apiRequestWithMessage, fieldErrorsOf, normalizeError, serverMessageOf } from './api-client';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('normalizeError', () => {
  it('prefers the message the server sent', () => {
    const error = normalizeError({ status: 401, data: { success: false, message: 'Invalid email or password' } }, 'Login failed');
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Invalid email or password', status: 401 });
    expect(error.data).toEqual({ success: false, message: 'Invalid email or password' });
  });

  it('uses the transport or JavaScript error message when the server sent none', () => {
    expect(normalizeError(new TypeError('Failed to fetch'), 'Login failed')).toMatchObject({ message: 'Failed to fetch', status: 0, data: null });
    expect(normalizeError({ status: 502, message: 'Bad gateway', data: null })).toMatchObject({ message: 'Bad gateway', status: 502 });
  });

  it('falls back to the caller text, else "An error occurred"', () => {
    expect(normalizeError({ status: 500, data: null }, 'Login failed')).toMatchObject({ message: 'Login failed', status: 500, data: null });
    expect(normalizeError(undefined).message).toBe(MESSAGES.fallbackError);
    expect(normalizeError(42).message).toBe('An error occurred');
    expect(normalizeError(new Error('')).message).toBe('An error occurred');
    expect(normalizeError({ status: 500, data: { success: false, message: '  ' } }).message).toBe('An error occurred');
  });

  it('words a message descriptor fallback in the language being shown', () => {
    const fallback = msg`Failed to fetch parents`;
    const failed = new ApiError(MESSAGES.fallbackError, 502, null);
    i18n.load({ en: {}, mr: { [fallback.id]: 'पालकांची यादी दाखवता आली नाही' } });
    i18n.activate('mr');
    try {
      expect(normalizeError(failed, fallback).message).toBe('पालकांची यादी दाखवता आली नाही');
    } finally {
      i18n.activate('en');
    }
    expect(normalizeError(failed, fallback).message).toBe('Failed to fetch parents');
  });

  it("words the shared messages' English fallbacks and the generic one in the language being shown", async () => {
    await loadServerMessages();
    const failed = new ApiError(MESSAGES.fallbackError, 502, null);
    setCurrentLanguage('mr');
    try {
      const login = normalizeError(failed, MESSAGES.loginFailed);
      expect(login).toMatchObject({ message: 'लॉगिन झाले नाही', status: 502 });
      const generic = normalizeError({ status: 502, data: null });
      expect(generic.message).toBe('काहीतरी चूक झाली');
      // Already worded generic: a caller's fallback still replaces it.
      expect(normalizeError(generic, MESSAGES.loginFailed).message).toBe(login.message);
      // The server's own words are never touched.
      expect(normalizeError({ status: 401, data: { message: 'Invalid email or password' } }, MESSAGES.loginFailed).message).toBe('Invalid email or password');
    } finally {
      setCurrentLanguage('en');
    }
    expect(normalizeError(failed, MESSAGES.loginFailed).message).toBe('Login failed');
  });

  it('keeps an ApiError, giving a generic one the more specific fallback', () => {
    const specific = new ApiError('Invalid email or password', 401, { message: 'Invalid email or password' });
    expect(normalizeError(specific, 'Login failed')).toBe(specific);
    const generic = new ApiError(MESSAGES.fallbackError, 503, null);
    expect(normalizeError(generic)).toBe(generic);
    expect(normalizeError(generic, 'Logout failed')).toMatchObject({ message: 'Logout failed', status: 503 });
  });

  it('accepts a plain string', () => {
    expect(normalizeError('Something broke')).toMatchObject({ message: 'Something broke', status: 0 });
  });
});

describe('fieldErrorsOf', () => {
  it('reads the field errors of a 400 answer', () => {
    const error = new ApiError('Please check the highlighted fields', 400, { success: false, message: 'x', errors: { email: 'Enter a valid email address' } });
    expect(fieldErrorsOf(error)).toEqual({ email: 'Enter a valid email address' });
    expect(fieldErrorsOf(new ApiError('x', 401, { message: 'x' }))).toBeUndefined();
    expect(fieldErrorsOf(new Error('x'))).toBeUndefined();
  });
});

describe('serverMessageOf', () => {
  it('gives only what the server said', () => {
    expect(serverMessageOf(new ApiError('Too many requests', 429, { success: false, message: 'Too many requests' }))).toBe('Too many requests');
    expect(serverMessageOf(new ApiError('Failed to fetch', 0, null))).toBeUndefined();
    expect(serverMessageOf(new ApiError('x', 500, { success: false, message: '' }))).toBeUndefined();
    expect(serverMessageOf(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});

describe('apiRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('returns the data of the success envelope and sends JSON with same-origin credentials', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ success: true, data: { _id: '1' } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('POST', '/auth/login', { email: 'a@b.co', password: 'x' })).resolves.toEqual({ _id: '1' });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/login', expect.objectContaining({
      method: 'POST',
      credentials: 'same-origin',
      body: JSON.stringify({ email: 'a@b.co', password: 'x' }),
      headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
    }));
  });

  it('sends no Content-Type without a body', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => jsonResponse({ success: true, message: 'bye' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('POST', '/auth/logout')).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBeUndefined();
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('throws the server message and status of a failure', async () => {
    const body = { success: false, message: 'Invalid email or password' };
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(body, 401)));
    const error = await apiRequest('POST', '/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Invalid email or password', status: 401, data: body });
  });

  it('treats `success: false` as a failure even with status 200', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ success: false, message: 'Nope' })));
    await expect(apiRequest('GET', '/x')).rejects.toMatchObject({ message: 'Nope', status: 200 });
  });

  it('uses the fallback for a failure without a readable body', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })));
    await expect(apiRequest('GET', '/x')).rejects.toMatchObject({ message: 'An error occurred', status: 502, data: null });
  });

  it('reports a network failure with status 0 and the transport message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    await expect(apiRequest('GET', '/auth/me')).rejects.toMatchObject({ message: 'Failed to fetch', status: 0, data: null });
  });

  it('refuses a success answer that is not JSON', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<!doctype html>', { status: 200 })));
    await expect(apiRequest('GET', '/auth/me')).rejects.toMatchObject({ message: 'An error occurred', status: 200 });
  });
});

describe('apiRequestWithMessage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('returns the message of the success envelope beside its data', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ success: true, message: 'Thank you for subscribing!' })));
    await expect(apiRequestWithMessage('POST', '/newsletter/subscribe', { email: 'a@b.co' })).resolves.toEqual({ data: undefined, message: 'Thank you for subscribing!' });
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ success: true, data: { name: 'x' }, message: 'Academy settings saved' })));
    await expect(apiRequestWithMessage('PUT', '/admin/settings', {})).resolves.toEqual({ data: { name: 'x' }, message: 'Academy settings saved' });
  });

  it('has no message when the server sent none, or an empty one', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ success: true, data: 1, message: ' ' })));
    await expect(apiRequestWithMessage('GET', '/x')).resolves.toEqual({ data: 1, message: undefined });
  });
});

import type { ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { notifications } from '@mantine/notifications';
import { normalizeError } from '../../lib/api-client';

/** A change made: the teal notice every form and dialog shows (the server's words, or the screen's). */
export function showSaved(title: string, message: ReactNode): void {
  notifications.show({ title, message, color: 'teal' });
}

/** A change refused: the red notice with the server's reason, or `fallback` when it gave none. */
export function showNotSaved(title: string, error: unknown, fallback?: string | MessageDescriptor): void {
  notifications.show({ title, message: normalizeError(error, fallback).message, color: 'red' });
}

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { theme } from '../lib/theme';

/**
 * App-wide providers: server state, theme, popups. The ModalsProvider lives in the signed-in
 * shell (components/layouts/dashboard-shell.tsx): it brings the Modal, ScrollArea and floating-ui
 * code (about 25 KB gzipped) that the public pages do not need on their first load.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <Notifications position="top-right" limit={4} />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}

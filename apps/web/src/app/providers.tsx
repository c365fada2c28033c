import { MantineProvider } from '@mantine/core';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DeferredNotifications } from '../components/ui/deferred-notifications';
import { cssVariablesResolver, theme } from '../lib/theme';

/**
 * App-wide providers: messages in the chosen language (lib/language.ts), server state, theme, popups. The ModalsProvider lives in the signed-in
 * shell, loaded just after its first screen is drawn (app/layouts/shell-overlays.tsx): it brings
 * the Modal, ScrollArea and floating-ui code that no first screen needs; for the same reason the popup
 * container loads after the first screen (components/ui/deferred-notifications.tsx).
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <DeferredNotifications />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}

import '@fontsource-variable/inter';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { showApiError } from '../components/feedback/show-api-error.ts';
import { TOAST_EASE_MS, TOAST_TIMEOUT_MS } from '../components/feedback/toast.ts';
import { DEFAULT_SITE_THEME, siteThemeManager } from '../lib/color-scheme.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const queryClient = createQueryClient(showApiError);
const colorSchemeManager = siteThemeManager();

export const AppProviders = ({ children }: { children: ReactNode }) => (
  <MantineProvider
    theme={theme}
    cssVariablesResolver={cssVariablesResolver}
    colorSchemeManager={colorSchemeManager}
    defaultColorScheme={DEFAULT_SITE_THEME}
  >
    <QueryClientProvider client={queryClient}>
      <ModalsProvider>
        <Notifications
          position="top-right"
          autoClose={TOAST_TIMEOUT_MS}
          transitionDuration={TOAST_EASE_MS}
          limit={5}
          zIndex={1000}
        />
        {children}
      </ModalsProvider>
    </QueryClientProvider>
  </MantineProvider>
);

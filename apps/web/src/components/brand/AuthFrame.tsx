import { Box, Center, Paper, Stack, Text, Title, useComputedColorScheme } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from './Logo.tsx';

type AuthFrameProps = { title: string; subtitle?: ReactNode; children: ReactNode };

/** The frame of the public screens: the logo in the theme's variant above one card. */
export const AuthFrame = ({ title, subtitle, children }: AuthFrameProps) => {
  const scheme = useComputedColorScheme('dark');
  return (
    <Center component="main" mih="100dvh" p="md">
      <Box w="100%" maw={440}>
        <Stack align="center" mb="lg">
          <Logo variant={scheme} size={40} />
        </Stack>
        <Paper
          withBorder
          shadow="sm"
          radius="lg"
          p={{ base: 'lg', sm: 'xl' }}
          bg="var(--app-surface)"
        >
          <Stack gap={4} mb="lg">
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Paper>
      </Box>
    </Center>
  );
};

import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router';
import { paths } from '../../config/paths.ts';
import { isChunkLoadError, mayReloadForChunk, reloadForChunk } from '../../lib/chunk-reload.ts';
import { PageLoader } from './PageLoader.tsx';

const CHUNK_MESSAGE =
  'Part of Platen could not be loaded: a new version may have been released, or the connection dropped. Reload the page to continue.';
const OTHER_MESSAGE = 'This page ran into an unexpected error. Reload the page to try again.';

/**
 * What a route shows when its code fails to load or it throws, instead of React Router's page
 * for developers. A failed chunk first reloads the page once by itself, at the address the user
 * was going to (the router has moved there by now). Links are plain ones: the router may be what
 * failed.
 */
export const RouteErrorPage = () => {
  const error = useRouteError();
  const isChunkError = isChunkLoadError(error);
  const [isReloading] = useState(() => isChunkError && mayReloadForChunk());
  useDocumentTitle(isReloading ? 'Platen' : 'Something went wrong · Platen');
  useEffect(() => {
    if (isReloading) reloadForChunk();
  }, [isReloading]);
  if (isReloading) return <PageLoader />;
  return (
    <Center component="main" mih="100dvh" px="md">
      <Stack align="center" gap="md" ta="center" maw={520}>
        <Title order={1} size="h2">
          Something went wrong
        </Title>
        <Text c="dimmed">{isChunkError ? CHUNK_MESSAGE : OTHER_MESSAGE}</Text>
        <Group justify="center" mt="sm">
          <Button
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={() => window.location.reload()}
          >
            Reload
          </Button>
          <Button
            component="a"
            href={paths.admin}
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            Back to Home
          </Button>
        </Group>
      </Stack>
    </Center>
  );
};

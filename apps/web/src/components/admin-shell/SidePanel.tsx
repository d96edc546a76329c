import { Anchor, CloseButton, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { IconBook2, IconFileText, IconAdjustments } from '@tabler/icons-react';
import { Link } from 'react-router';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';

/** product.md#screens-and-routes: the side panel's height is the window height minus 206 px. */
const SIDE_PANEL_OFFSET_PX = 206;

type SidePanelProps = { id: string; onClose: () => void };

/** The header's side panel: short ways to the places people look for help (no demo content). */
export const SidePanel = ({ id, onClose }: SidePanelProps) => {
  const { height } = useViewportSize();
  const panelHeight = Math.max(240, (height || window.innerHeight) - SIDE_PANEL_OFFSET_PX);
  return (
    <Paper
      id={id}
      component="aside"
      aria-labelledby={`${id}-title`}
      withBorder
      shadow="lg"
      radius="md"
      pos="fixed"
      top={76}
      right={12}
      w={300}
      maw="calc(100vw - 24px)"
      h={panelHeight}
      style={{ zIndex: 150, display: 'flex', flexDirection: 'column' }}
      data-testid="side-panel"
    >
      <Group justify="space-between" p="md" pb="xs">
        <Title order={2} size="h5" id={`${id}-title`}>
          Quick links
        </Title>
        <CloseButton aria-label="Close side panel" onClick={onClose} />
      </Group>
      <ScrollArea style={{ flex: 1 }} px="md" pb="md">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Shortcuts to the places you need most while building templates.
          </Text>
          <Anchor href={env.VITE_API_DOCS_URL} target="_blank" rel="noreferrer">
            <Group gap={8}>
              <IconBook2 size={18} aria-hidden /> API documentation
            </Group>
          </Anchor>
          <Anchor component={Link} to={paths.templates} onClick={onClose}>
            <Group gap={8}>
              <IconFileText size={18} aria-hidden /> Your templates
            </Group>
          </Anchor>
          <Anchor component={Link} to={paths.settings} onClick={onClose}>
            <Group gap={8}>
              <IconAdjustments size={18} aria-hidden /> Theme and editor settings
            </Group>
          </Anchor>
        </Stack>
      </ScrollArea>
    </Paper>
  );
};

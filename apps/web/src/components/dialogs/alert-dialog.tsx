import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type AlertKind = 'success' | 'error' | 'warning' | 'info';

const icons: Record<AlertKind, { color: string; icon: ReactNode }> = {
  success: { color: 'teal', icon: <IconCheck size={28} aria-hidden /> },
  error: { color: 'red', icon: <IconX size={28} aria-hidden /> },
  warning: { color: 'yellow', icon: <IconAlertTriangle size={28} aria-hidden /> },
  info: { color: 'brand', icon: <IconInfoCircle size={28} aria-hidden /> },
};

export type AlertDialogOptions = {
  kind: AlertKind;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
};

/**
 * A modal message with one button (the SweetAlert dialogs of the original product). Resolves when
 * the dialog is closed, by its button, Escape or the close icon.
 */
export const showAlertDialog = (options: AlertDialogOptions): Promise<void> =>
  new Promise((resolve) => {
    const { color, icon } = icons[options.kind];
    const id = modals.open({
      title: options.title,
      centered: true,
      radius: 'md',
      onClose: () => resolve(),
      children: (
        <Stack align="center" gap="md" pt="xs">
          <ThemeIcon size={56} radius="xl" variant="light" color={color}>
            {icon}
          </ThemeIcon>
          <Text ta="center">{options.message}</Text>
          <Group justify="center" w="100%">
            <Button data-autofocus onClick={() => modals.close(id)} miw={120}>
              {options.confirmLabel ?? 'OK'}
            </Button>
          </Group>
        </Stack>
      ),
    });
  });

import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type AlertKind = 'success' | 'error' | 'warning' | 'info';

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
  /** A second button that leads on (e.g. 'Open template'); the dialog then resolves true. */
  actionLabel?: string;
};

/**
 * A modal message with one button (the SweetAlert dialogs of the original product), and maybe a
 * second that leads on. Resolves when the dialog is closed, by a button, Escape or the close
 * icon: true when the user chose the action.
 */
export const showAlertDialog = (options: AlertDialogOptions): Promise<boolean> =>
  new Promise((resolve) => {
    const { color, icon } = icons[options.kind];
    let isActionChosen = false;
    const id = modals.open({
      title: options.title,
      centered: true,
      radius: 'md',
      onClose: () => resolve(isActionChosen),
      children: (
        <Stack align="center" gap="md" pt="xs">
          <ThemeIcon size={56} radius="xl" variant="light" color={color}>
            {icon}
          </ThemeIcon>
          <Text ta="center">{options.message}</Text>
          <Group justify="center" w="100%">
            <Button
              data-autofocus
              variant={options.actionLabel ? 'default' : 'filled'}
              onClick={() => modals.close(id)}
              miw={120}
            >
              {options.confirmLabel ?? 'OK'}
            </Button>
            {options.actionLabel && (
              <Button
                onClick={() => {
                  isActionChosen = true;
                  modals.close(id);
                }}
                miw={120}
              >
                {options.actionLabel}
              </Button>
            )}
          </Group>
        </Stack>
      ),
    });
  });

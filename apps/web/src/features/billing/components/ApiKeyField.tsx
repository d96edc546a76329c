import { ActionIcon, Code, CopyButton, Group, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCopy, IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { showAlertDialog } from '../../../components/dialogs/alert-dialog.tsx';

/** SPEC §2/§6: the API key stays hidden until clicked; the copy icon copies it either way. */
export const ApiKeyField = ({ apiKey }: { apiKey: string }) => {
  const [isShown, setShown] = useState(false);
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap" component="span">
      {isShown ? (
        <Code data-testid="api-key" style={{ wordBreak: 'break-all' }}>
          {apiKey}
        </Code>
      ) : (
        <UnstyledButton
          onClick={() => setShown(true)}
          aria-label="Show API key"
          data-testid="api-key-hidden"
        >
          <Group gap={6} wrap="nowrap" component="span">
            <Code>••••••••••••</Code>
            <IconEye size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      )}
      <CopyButton value={apiKey}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy API key'} withArrow>
            <ActionIcon
              variant="subtle"
              aria-label="Copy API key"
              onClick={() => {
                copy();
                void showAlertDialog({
                  kind: 'success',
                  title: 'Success',
                  message: 'API Key copied to clipboard.',
                });
              }}
            >
              <IconCopy size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
};

import { Code, Group, UnstyledButton } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { CopyIcon } from '../../../components/clipboard/CopyIcon.tsx';

/** product.md#screens-and-routes, product.md#who-may-do-what: the API key stays hidden until clicked; the copy icon copies it either way. */
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
      <CopyIcon value={apiKey} label="Copy API key" what="API Key" />
    </Group>
  );
};

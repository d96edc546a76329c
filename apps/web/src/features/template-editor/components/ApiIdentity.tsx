import {
  Anchor,
  Button,
  Card,
  Code,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useComputedColorScheme } from '@mantine/core';
import type { TemplateResponse } from '@platen/contract';
import { IconBraces } from '@tabler/icons-react';
import { useState } from 'react';
import { CopyIcon } from '../../../components/clipboard/CopyIcon.tsx';
import { readEditorTheme } from '../../../components/code-view/editor-theme.ts';
import { LazyAceJsonView } from '../../../components/code-view/LazyAceJsonView.tsx';
import { ErrorAlert } from '../../../components/feedback/ErrorAlert.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useTemplateSchema } from '../api/versions.ts';

const IdentityField = ({ label, value }: { label: string; value: string }) => (
  <Group gap="xs" wrap="nowrap" align="flex-end">
    <TextInput
      label={label}
      readOnly
      value={value}
      style={{ flex: 1 }}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
    />
    <CopyIcon value={value} label={`Copy ${label}`} what={label} />
  </Group>
);

/**
 * How integrations name this template (by name, or by the id a rename never changes), which
 * version they get, and the JSON Schema of the `fields` generate accepts.
 */
export const ApiIdentity = ({ template }: { template: TemplateResponse }) => {
  const [isSchemaOpen, setIsSchemaOpen] = useState(false);
  const schema = useTemplateSchema(template.templateName, isSchemaOpen);
  const scheme = useComputedColorScheme('dark');
  const filled =
    template.publishedVersion === null ? 'the draft' : `version ${template.publishedVersion}`;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={3} size="h5">
          Template
        </Title>
        <IdentityField label="templateName" value={template.templateName} />
        <IdentityField label="templateId" value={template.id} />
        <Text size="sm" c="dimmed">
          Send either one. The id never changes, so calls made with it survive a rename. Generate
          fills {filled}; pin another with <Code>"version": 2</Code> or{' '}
          <Code>"version": "draft"</Code>.
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconBraces size={14} aria-hidden />}
            onClick={() => setIsSchemaOpen(true)}
          >
            Payload JSON Schema
          </Button>
          <Text size="xs" c="dimmed">
            <Anchor href="/docs" target="_blank" rel="noopener" size="xs">
              GET /v1/template/{'{templateName}'}/schema
            </Anchor>
          </Text>
        </Group>
      </Stack>
      <Modal
        opened={isSchemaOpen}
        onClose={() => setIsSchemaOpen(false)}
        title={`Payload schema — ${filled}`}
        size="xl"
        centered
      >
        {schema.isError ? (
          <ErrorAlert title="The schema cannot be shown">{errorMessage(schema.error)}</ErrorAlert>
        ) : (
          <Stack gap="xs">
            <Group justify="flex-end">
              {schema.data && (
                <CopyIcon
                  value={JSON.stringify(schema.data, null, 2)}
                  label="Copy JSON Schema"
                  what="JSON Schema"
                />
              )}
            </Group>
            <LazyAceJsonView
              value={schema.data ? JSON.stringify(schema.data, null, 2) : ''}
              theme={readEditorTheme(scheme)}
              label="Payload JSON Schema"
              height={420}
              testId="schema-view"
            />
          </Stack>
        )}
      </Modal>
    </Card>
  );
};

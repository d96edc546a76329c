import {
  Anchor,
  Button,
  Card,
  Code,
  Group,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TemplateResponse } from '@platen/contract';
import { IconExternalLink, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { CopyIcon } from '../../../components/clipboard/CopyIcon.tsx';
import { missingGlyphsOf, warnOfMissingGlyphs } from '../../../components/files/missing-glyphs.ts';
import { openPdfInNewTab, showGenerationError } from '../../../components/files/open-pdf.tsx';
import { fetchTryout } from '../api/template-files.ts';
import { ApiIdentity } from './ApiIdentity.tsx';
import { clientExample } from '../model/client-example.ts';
import { exampleVersionSentence } from '../model/example-version.ts';

const MASKED_KEY = '•'.repeat(24);

/**
 * product.md#screens-and-routes Api tab: the key (hidden until asked), the docs, an example PDF and the curl call. The
 * curl call shows the key only when the key is shown; its copy button always copies the real one.
 * Beside it, the same call with the typed Node.js client, which reads the key from the environment.
 * All of them fill what the API fills by default, and say which version that is.
 */
export const ApiTab = ({ template }: { template: TemplateResponse }) => {
  const [isKeyShown, setIsKeyShown] = useState(false);
  const shownCurlCall =
    isKeyShown || !template.apiKey
      ? template.curlCall
      : template.curlCall.replaceAll(template.apiKey, MASKED_KEY);
  const nodeExample = clientExample({
    baseUrl: window.location.origin,
    templateName: template.api.templateName,
    fields: template.api.fields,
  });
  const [example, setExample] = useState<'curl' | 'node'>('curl');
  const [isGenerating, setIsGenerating] = useState(false);
  const tryout = async () => {
    setIsGenerating(true);
    try {
      const { blob, headers } = await fetchTryout(template.templateName);
      openPdfInNewTab(blob);
      warnOfMissingGlyphs(missingGlyphsOf(headers));
    } catch (error) {
      showGenerationError(error);
    } finally {
      setIsGenerating(false);
    }
  };
  return (
    <Stack gap="md" maw={900}>
      <ApiIdentity template={template} />
      <Card withBorder>
        <Stack gap="sm">
          <Title order={3} size="h5">
            API key
          </Title>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label="API key"
              readOnly
              value={isKeyShown ? template.apiKey : MASKED_KEY}
              style={{ flex: 1 }}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              data-testid="api-key"
            />
            <CopyIcon value={template.apiKey} label="Copy API key" what="API Key" />
          </Group>
          <Switch
            label="Show API key"
            checked={isKeyShown}
            onChange={(event) => setIsKeyShown(event.currentTarget.checked)}
          />
          <Text size="sm" c="dimmed">
            Send it in the <Code>x-api-key</Code> header. Every endpoint is described in the{' '}
            <Anchor href="/docs" target="_blank" rel="noopener" underline="always">
              API documentation <IconExternalLink size={12} aria-hidden />
            </Anchor>
            .
          </Text>
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={3} size="h5">
              Try it
            </Title>
            <Button
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
              loading={isGenerating}
              onClick={() => void tryout()}
            >
              Generate example PDF
            </Button>
          </Group>
          <Group justify="space-between" wrap="nowrap" align="center">
            <SegmentedControl
              aria-label="Example"
              value={example}
              onChange={(value) => setExample(value === 'node' ? 'node' : 'curl')}
              data={[
                { label: 'cURL example', value: 'curl' },
                { label: 'Node.js', value: 'node' },
              ]}
            />
            {example === 'curl' ? (
              <CopyIcon value={template.curlCall} label="Copy cURL command" what="cURL command" />
            ) : (
              <CopyIcon value={nodeExample} label="Copy Node.js example" what="Node.js example" />
            )}
          </Group>
          <Text size="sm" data-testid="example-version">
            {exampleVersionSentence(template)}
          </Text>
          {example === 'curl' ? (
            <Code
              block
              data-testid="curl-call"
              style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
            >
              {shownCurlCall}
            </Code>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                With <Code>npm install @platen/client</Code> and the key in{' '}
                <Code>PLATEN_API_KEY</Code>:
              </Text>
              <Code block data-testid="node-call" style={{ whiteSpace: 'pre-wrap' }}>
                {nodeExample}
              </Code>
            </>
          )}
          <Text size="sm" c="dimmed">
            This command generates a real document from the example payload and counts it in your
            plan. The example PDF above is marked SAMPLE and is not counted. To try your own values
            without counting them, add <Code>"test": true</Code> to the body (or{' '}
            <Code>{'{ test: true }'}</Code> to <Code>generate</Code>): that PDF is marked SAMPLE
            too.
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
};

import {
  Button,
  Card,
  Checkbox,
  Code,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { webhookEventType, type WebhookEventType } from '@platen/contract';
import { IconKey } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { CopyIcon } from '../../../components/clipboard/CopyIcon.tsx';
import { ContrastAlert } from '../../../components/feedback/ContrastAlert.tsx';
import { showApiError } from '../../../components/feedback/show-api-error.ts';
import { useAddWebhookEndpoint, useWebhookEndpoints } from '../api/webhooks.ts';
import { WebhookEndpointCard } from './WebhookEndpointCard.tsx';

/** A secret is shown once: right after it was made, until the user leaves the page. */
const SecretOnce = ({ secret, onDone }: { secret: string; onDone: () => void }) => (
  <ContrastAlert
    color="yellow"
    icon={<IconKey size={18} aria-hidden />}
    title="Signing secret: copy it now, it is shown only once"
    data-testid="webhook-secret"
  >
    <Group gap="xs" wrap="nowrap">
      <Code style={{ wordBreak: 'break-all' }}>{secret}</Code>
      <CopyIcon value={secret} label="Copy signing secret" what="Signing secret" />
    </Group>
    <Button variant="subtle" size="xs" mt="xs" onClick={onDone}>
      Done
    </Button>
  </ContrastAlert>
);

const AddEndpointForm = ({ onAdded }: { onAdded: (secret: string) => void }) => {
  const add = useAddWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['job.succeeded', 'job.failed']);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(
      { url, description, events },
      {
        onSuccess: (created) => {
          setUrl('');
          setDescription('');
          onAdded(created.secret);
        },
        onError: showApiError,
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Add endpoint">
      <Stack gap="sm">
        <TextInput
          label="Endpoint URL"
          placeholder="https://example.com/platen-events"
          required
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
        />
        <TextInput
          label="Description"
          placeholder="Optional, e.g. Order system"
          value={description}
          maxLength={200}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Checkbox.Group
          label="Events"
          value={events}
          onChange={(value) => setEvents(value as WebhookEventType[])}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            {webhookEventType.options.map((type) => (
              <Checkbox key={type} value={type} label={type} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group>
          <Button type="submit" loading={add.isPending} disabled={events.length === 0}>
            Add endpoint
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** Settings → Webhooks: the account's endpoints, their deliveries, and a form to add one. */
export const WebhooksSection = () => {
  const endpoints = useWebhookEndpoints();
  const [secret, setSecret] = useState<string | undefined>();

  return (
    <Card component="section" aria-labelledby="webhooks-title" id="webhooks">
      <Title order={2} size="h4" id="webhooks-title">
        Webhooks
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Platen sends these URLs an event when a job ends, a template is published, your plan changes
        or your documents run low. Each delivery is signed with the endpoint&apos;s secret.
      </Text>
      <Stack gap="lg">
        {secret && <SecretOnce secret={secret} onDone={() => setSecret(undefined)} />}
        {endpoints.data ? (
          endpoints.data.endpoints.map((endpoint) => (
            <WebhookEndpointCard key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
          ))
        ) : (
          <Skeleton h={80} aria-busy />
        )}
        {endpoints.data?.endpoints.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="no-webhook-endpoints">
            No endpoints yet.
          </Text>
        )}
        <AddEndpointForm onAdded={setSecret} />
      </Stack>
    </Card>
  );
};

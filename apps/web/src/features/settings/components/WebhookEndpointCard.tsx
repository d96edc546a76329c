import {
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import type { WebhookDelivery, WebhookEndpoint } from '@platen/contract';
import { showApiError } from '../../../components/feedback/show-api-error.ts';
import { showToast } from '../../../components/feedback/toast.ts';
import {
  useDeleteWebhookEndpoint,
  useResendWebhookDelivery,
  useRotateWebhookSecret,
  useSendWebhookTest,
  useUpdateWebhookEndpoint,
  useWebhookDeliveries,
} from '../api/webhooks.ts';

/** The colours of job statuses (components/jobs); red.8 keeps 4.5:1 with white text. */
const STATUS_COLORS = { pending: 'yellow', succeeded: 'teal', failed: 'red.8' } as const;

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' });

/** What the latest try got: the status code, or why there was none. */
const answerOf = (d: WebhookDelivery) =>
  d.statusCode !== null ? `HTTP ${d.statusCode}` : (d.error ?? 'Not tried yet');

const DeliveryLog = ({ endpointId }: { endpointId: string }) => {
  const deliveries = useWebhookDeliveries(endpointId);
  const resend = useResendWebhookDelivery();
  if (!deliveries.data) return <Skeleton h={60} aria-busy />;
  if (deliveries.data.deliveries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No deliveries yet.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table verticalSpacing="xs" aria-label="Recent deliveries" data-testid="webhook-deliveries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Event</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Answer</Table.Th>
            <Table.Th scope="col">Tries</Table.Th>
            <Table.Th scope="col">Time</Table.Th>
            <Table.Th scope="col">Next try</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.data.deliveries.map((d) => (
            <Table.Tr key={d.id} data-testid="webhook-delivery">
              <Table.Td>
                <Text size="sm">{d.eventType}</Text>
                <Text size="xs" c="dimmed">
                  {formatTime(d.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge
                  color={STATUS_COLORS[d.status]}
                  variant="filled"
                  autoContrast
                  miw="max-content"
                >
                  {d.status}
                </Badge>
              </Table.Td>
              <Table.Td title={d.responseExcerpt ?? undefined}>
                <Text size="sm">{answerOf(d)}</Text>
              </Table.Td>
              <Table.Td>{d.attempt}</Table.Td>
              <Table.Td>{d.latencyMs === null ? '–' : `${d.latencyMs} ms`}</Table.Td>
              <Table.Td>{d.nextAttemptAt ? formatTime(d.nextAttemptAt) : '–'}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => resend.mutate(d.id, { onError: showApiError })}
                  aria-label={`Resend ${d.eventType} from ${formatTime(d.createdAt)}`}
                >
                  Resend
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

type Props = { endpoint: WebhookEndpoint; onSecret: (secret: string) => void };

/** One endpoint: its URL and events, switches and actions, and its recent deliveries. */
export const WebhookEndpointCard = ({ endpoint, onSecret }: Props) => {
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const sendTest = useSendWebhookTest();

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete this endpoint?',
      centered: true,
      children: (
        <Text size="sm">{endpoint.url} gets no more events, and its delivery log is deleted.</Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Keep it' },
      confirmProps: { color: 'red.8' },
      onConfirm: () => remove.mutate(endpoint.id, { onError: showApiError }),
    });

  const confirmRotate = () =>
    modals.openConfirmModal({
      title: 'Rotate the signing secret?',
      centered: true,
      children: (
        <Text size="sm">
          A new secret signs every delivery from now on; the current one keeps signing alongside for
          24 hours, so you can update your receiver.
        </Text>
      ),
      labels: { confirm: 'Rotate', cancel: 'Cancel' },
      onConfirm: () =>
        rotate.mutate(endpoint.id, { onSuccess: (r) => onSecret(r.secret), onError: showApiError }),
    });

  const test = () =>
    sendTest.mutate(endpoint.id, {
      onSuccess: () =>
        showToast({ kind: 'success', title: 'Test event queued', message: endpoint.url }),
      onError: showApiError,
    });

  return (
    <Paper withBorder p="md" radius="md" data-testid="webhook-endpoint">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text fw={600} style={{ wordBreak: 'break-all' }}>
              {endpoint.url}
            </Text>
            {endpoint.description && (
              <Text size="sm" c="dimmed">
                {endpoint.description}
              </Text>
            )}
          </div>
          <Group gap="xs">
            {endpoint.failing && (
              <Badge color="red.8" variant="filled" autoContrast>
                Failing
              </Badge>
            )}
            <Switch
              label="Enabled"
              checked={endpoint.enabled}
              onChange={(e) =>
                update.mutate(
                  { id: endpoint.id, body: { enabled: e.currentTarget.checked } },
                  { onError: showApiError },
                )
              }
            />
          </Group>
        </Group>
        <Group gap={6}>
          {endpoint.events.map((type) => (
            <Badge key={type} variant="outline" tt="none">
              {type}
            </Badge>
          ))}
        </Group>
        {endpoint.previousSecretExpiresAt && (
          <Text size="xs" c="dimmed">
            Replaced secrets sign too, each for 24 hours after its rotation, the last until{' '}
            {formatTime(endpoint.previousSecretExpiresAt)}.
          </Text>
        )}
        <Group gap="xs">
          <Button
            size="xs"
            onClick={test}
            loading={sendTest.isPending}
            disabled={!endpoint.enabled}
          >
            Send test event
          </Button>
          <Button size="xs" variant="default" onClick={confirmRotate}>
            Rotate secret
          </Button>
          <Button size="xs" variant="default" color="red" onClick={confirmDelete}>
            Delete
          </Button>
        </Group>
        <DeliveryLog endpointId={endpoint.id} />
      </Stack>
    </Paper>
  );
};

import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
  type CreateWebhookEndpointBody,
  type UpdateWebhookEndpointBody,
} from '@platen/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

/** Query keys of the Webhooks section; a change refreshes the endpoints and their logs. */
const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: ['webhooks', 'endpoints'] as const,
  deliveries: (id: string) => ['webhooks', 'deliveries', id] as const,
};

export const useWebhookEndpoints = () =>
  useQuery({
    queryKey: webhookKeys.endpoints,
    queryFn: ({ signal }) => request(listWebhookEndpoints, { signal }),
  });

/** A pending delivery changes on its own: the log is read again every few seconds while open. */
export const useWebhookDeliveries = (id: string) =>
  useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal }) => request(listWebhookDeliveries, { params: { id }, signal }),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'pending') ? 2000 : false,
  });

const useWebhookMutation = <T, R>(call: (input: T) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
};

export const useAddWebhookEndpoint = () =>
  useWebhookMutation((body: CreateWebhookEndpointBody) => request(createWebhookEndpoint, { body }));

export const useUpdateWebhookEndpoint = () =>
  useWebhookMutation(({ id, body }: { id: string; body: UpdateWebhookEndpointBody }) =>
    request(updateWebhookEndpoint, { params: { id }, body }),
  );

export const useDeleteWebhookEndpoint = () =>
  useWebhookMutation((id: string) => request(deleteWebhookEndpoint, { params: { id } }));

export const useRotateWebhookSecret = () =>
  useWebhookMutation((id: string) => request(rotateWebhookSecret, { params: { id } }));

export const useSendWebhookTest = () =>
  useWebhookMutation((id: string) => request(sendWebhookTest, { params: { id } }));

export const useResendWebhookDelivery = () =>
  useWebhookMutation((id: string) => request(resendWebhookDelivery, { params: { id } }));

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the SDK made: its method, path, form fields (flattened) and idempotency key. */
export type StandInCall = {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
};

export type StandInSubscription = {
  id: string;
  customer: string;
  status: string;
  price: string;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
};

const subscriptionJson = (s: StandInSubscription) => ({
  id: s.id,
  object: 'subscription',
  customer: s.customer,
  status: s.status,
  cancel_at_period_end: s.cancelAtPeriodEnd,
  cancel_at: null,
  metadata: {},
  items: {
    object: 'list',
    data: [
      {
        id: `si_${s.id}`,
        object: 'subscription_item',
        price: { id: s.price, object: 'price' },
        current_period_start: s.periodStart,
        current_period_end: s.periodEnd,
      },
    ],
  },
});

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
  });

/**
 * A local stand-in for the few Stripe endpoints the adapter calls, so the real SDK is exercised
 * end to end (form encoding, idempotency keys, response parsing) without the network.
 */
export const startStripeStandIn = async () => {
  const calls: StandInCall[] = [];
  const subscriptions = new Map<string, StandInSubscription>();
  let counter = 0;

  const answer = (call: StandInCall): [number, unknown] => {
    counter += 1;
    const { method, path, form } = call;
    if (method === 'POST' && path === '/v1/customers') {
      return [200, { id: `cus_test_${counter}`, object: 'customer', email: form.email }];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${counter}`;
      return [200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/${id}` }];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return [
        200,
        {
          id: `bps_${counter}`,
          object: 'billing_portal.session',
          url: 'https://billing.stripe.test/p',
        },
      ];
    }
    if (method === 'POST' && path === '/v1/billing/meter_events') {
      return [200, { object: 'billing.meter_event', identifier: form.identifier }];
    }
    const sub = subscriptions.get(path.replace('/v1/subscriptions/', ''));
    if (!path.startsWith('/v1/subscriptions/') || !sub) {
      return [404, { error: { type: 'invalid_request_error', message: 'No such resource' } }];
    }
    if (method === 'POST') sub.cancelAtPeriodEnd = form.cancel_at_period_end === 'true';
    if (method === 'DELETE') sub.status = 'canceled';
    return [200, subscriptionJson(sub)];
  };

  const server: Server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const call: StandInCall = {
        method: req.method ?? 'GET',
        path: (req.url ?? '').split('?')[0] ?? '',
        form: Object.fromEntries(new URLSearchParams(body)),
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      };
      calls.push(call);
      const [status, json] = answer(call);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    calls,
    subscriptions,
    reset: () => {
      calls.length = 0;
      subscriptions.clear();
      counter = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

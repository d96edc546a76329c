import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../lib/app-error.ts';
import { refuseRemoteClients } from '../../../plugins/loopback-only.ts';
import { findPlan } from '../lifecycle/plans.repository.ts';
import { checkoutPage, messagePage, portalPage } from './local-pages.html.ts';
import { LOCAL_PAGES_PREFIX as PREFIX, type LocalPaymentProvider } from './local-provider.ts';
import { emitLocalEvent, subscriptionObject } from './local-events.ts';

const tokenParams = z.object({ token: z.string().min(1).max(100) });
const tokenForm = z.object({ token: z.string().min(1).max(100) });

/** An expired or used page is answered with a page; anything else is a real failure. */
const unlessSessionInvalid = (error: unknown): undefined => {
  if (error instanceof AppError && error.code === 'PAYMENT_SESSION_INVALID') return undefined;
  throw error;
};

const isAlreadySubscribed = (error: unknown): error is AppError =>
  error instanceof AppError && error.code === 'ALREADY_SUBSCRIBED';

/**
 * The local provider's hosted checkout and billing portal. Pages are plain HTML forms (no script,
 * so the strict CSP holds); a form cannot send the XSRF header, so each post carries the page's
 * own session token instead: 256 random bits, stored hashed, 30 minutes, checkout used once.
 * Every change is announced as a signed Stripe-shaped event through `receiveProviderEvent`,
 * the same path as Stripe's webhooks. Like every development page they answer only clients on
 * this machine: a portal token is enough to cancel a subscription.
 */
export const localPagesRoutes = async (
  app: FastifyInstance,
  opts: { deps: Deps; provider: LocalPaymentProvider },
) => {
  const { deps, provider } = opts;
  const { pages } = provider;
  const returnUrl = `${deps.config.appUrl}/admin/subscription`;
  const options = { schema: { hide: true }, config: { csrf: false, noStore: true } };
  app.addHook('onRequest', refuseRemoteClients);

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const emit = (type: string, object: Record<string, unknown>) =>
    emitLocalEvent(deps, provider, { type, object });

  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.status(status).type('text/html; charset=utf-8').send(body);

  const expired = (reply: FastifyReply) =>
    html(
      reply,
      messagePage(
        'Page expired',
        'This payment page has expired or was already used. Start again from Platen.',
        returnUrl,
      ),
      400,
    );

  const formToken = (body: unknown) => {
    const parsed = tokenForm.safeParse(body);
    if (!parsed.success)
      throw new AppError('PAYMENT_SESSION_INVALID', 400, 'The form is incomplete.');
    return parsed.data.token;
  };

  app.get(`${PREFIX}/checkout/:token`, options, async (request, reply) => {
    const { token } = tokenParams.parse(request.params);
    const session = await pages.findCheckout(token);
    const plan = session?.plan_id ? await findPlan(deps.db, session.plan_id) : undefined;
    if (!plan) return expired(reply);
    return html(reply, checkoutPage({ plan, token, prefix: PREFIX }));
  });

  app.post(`${PREFIX}/checkout/pay`, options, async (request, reply) => {
    const paid = await pages.pay(formToken(request.body)).catch((error: unknown) => {
      if (isAlreadySubscribed(error)) return error;
      return unlessSessionInvalid(error);
    });
    if (paid instanceof AppError) {
      return html(reply, messagePage('Already subscribed', paid.message, returnUrl), 409);
    }
    if (!paid) return expired(reply);
    const { session, subscription } = paid;
    await emit('checkout.session.completed', {
      id: `cs_local_${session.token_hash.slice(0, 24)}`,
      object: 'checkout.session',
      mode: 'subscription',
      customer: session.customer_id,
      subscription: subscription.id,
      client_reference_id: session.user_id,
    });
    await emit('customer.subscription.created', subscriptionObject(subscription));
    return reply.redirect(returnUrl, 303);
  });

  app.post(`${PREFIX}/checkout/cancel`, options, async (request, reply) => {
    await pages.abandon(formToken(request.body)).catch(unlessSessionInvalid);
    return reply.redirect(`${deps.config.appUrl}/admin/pricing`, 303);
  });

  app.get(`${PREFIX}/portal/:token`, options, async (request, reply) => {
    const { token } = tokenParams.parse(request.params);
    const session = await pages.findPortal(token);
    if (!session) return expired(reply);
    const sub = await pages.portalSubscription(session);
    const plan = sub?.planId ? await findPlan(deps.db, sub.planId) : undefined;
    return html(reply, portalPage({ plan, sub, token, prefix: PREFIX, returnUrl }));
  });

  for (const [action, cancel] of [
    ['cancel', true],
    ['resume', false],
  ] as const) {
    app.post(`${PREFIX}/portal/${action}`, options, async (request, reply) => {
      const token = formToken(request.body);
      const session = await pages.findPortal(token);
      const sub = session && (await pages.portalSubscription(session));
      if (!sub) return expired(reply);
      const updated = await pages.setCancelAtPeriodEnd(sub.id, cancel);
      await emit('customer.subscription.updated', subscriptionObject(updated));
      return reply.redirect(`${PREFIX}/portal/${encodeURIComponent(token)}`, 303);
    });
  }
};

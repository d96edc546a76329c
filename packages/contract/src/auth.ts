import { z } from 'zod';
import { emailSchema, messageResponse, messages, passwordSchema, requiredText } from './common.ts';
import type { Endpoint } from './endpoint.ts';

export const tokenPair = z
  .object({
    /** Access token: a JWT carrying `sub` (the e-mail), `firstName` and `lastName`. */
    token: z.string(),
    /** Opaque; exchanged once for a new pair at `POST /v1/auth/refresh`. */
    refreshToken: z.string(),
  })
  .meta({ id: 'TokenPair' });
export type TokenPair = z.infer<typeof tokenPair>;

export const loginBody = z.object({
  email: emailSchema,
  password: z
    .string({ error: messages.shortPassword })
    .min(1, { error: messages.shortPassword })
    .max(1024, { error: messages.longPassword }),
});
export type LoginBody = z.infer<typeof loginBody>;

export const firstNameSchema = requiredText({
  label: 'First name',
  empty: messages.firstNameRequired,
});
export const lastNameSchema = requiredText({
  label: 'Last name',
  empty: messages.lastNameRequired,
});

export const registerBody = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  password: passwordSchema(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const refreshBody = z.object({ refreshToken: z.string().min(1).max(200) });
export type RefreshBody = z.infer<typeof refreshBody>;

export const resetRequestBody = z.object({ email: emailSchema });
export type ResetRequestBody = z.infer<typeof resetRequestBody>;

export const resetSubmitBody = z.object({
  password: passwordSchema(messages.resetShortPassword),
  /** The `code` query parameter of the mailed reset link. */
  confirmLink: z
    .string({ error: messages.missingResetCode })
    .trim()
    .min(1, { error: messages.missingResetCode })
    .max(200, { error: messages.missingResetCode }),
});
export type ResetSubmitBody = z.infer<typeof resetSubmitBody>;

export const csrfResponse = z.object({ csrfToken: z.string() });

const tag = 'Authentication';

export const login = {
  method: 'POST',
  path: '/v1/auth/login',
  operationId: 'login',
  summary: 'Sign in with e-mail and password',
  tag,
  auth: 'none',
  noStore: true,
  body: loginBody,
  response: tokenPair,
  // 401: the e-mail and password do not match an account.
  errors: [401, 429],
} as const satisfies Endpoint;

export const register = {
  method: 'POST',
  path: '/v1/auth/register',
  operationId: 'register',
  summary: 'Create an account (starts on the FREE plan) and sign in',
  tag,
  auth: 'none',
  noStore: true,
  body: registerBody,
  response: tokenPair,
  errors: [409, 429],
} as const satisfies Endpoint;

export const refresh = {
  method: 'POST',
  path: '/v1/auth/refresh',
  operationId: 'refreshSession',
  summary: 'Exchange a refresh token for a new token pair (the old refresh token stops working)',
  tag,
  auth: 'none',
  noStore: true,
  body: refreshBody,
  response: tokenPair,
  errors: [401, 429],
} as const satisfies Endpoint;

export const logout = {
  method: 'POST',
  path: '/v1/auth/logout',
  operationId: 'logout',
  summary: 'Sign out: the refresh token and every token rotated from it stop working',
  tag,
  auth: 'none',
  body: refreshBody,
  response: messageResponse,
} as const satisfies Endpoint;

export const csrf = {
  method: 'GET',
  path: '/v1/auth/csrf',
  operationId: 'getCsrfToken',
  summary: 'Set the XSRF-TOKEN cookie; non-GET calls echo it in the X-XSRF-TOKEN header',
  tag,
  auth: 'none',
  noStore: true,
  database: false,
  response: csrfResponse,
} as const satisfies Endpoint;

export const requestPasswordReset = {
  method: 'POST',
  path: '/v1/user/password/reset/request',
  operationId: 'requestPasswordReset',
  summary: 'Mail a password reset link (the answer is the same whether or not the account exists)',
  tag,
  auth: 'none',
  body: resetRequestBody,
  response: messageResponse,
  errors: [429],
} as const satisfies Endpoint;

export const submitPasswordReset = {
  method: 'POST',
  path: '/v1/user/password/reset/submit',
  operationId: 'submitPasswordReset',
  summary: 'Set a new password with the code from the reset link, and sign in',
  tag,
  auth: 'none',
  noStore: true,
  body: resetSubmitBody,
  response: tokenPair,
  errors: [429],
} as const satisfies Endpoint;

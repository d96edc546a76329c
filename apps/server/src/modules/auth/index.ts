/**
 * What other code uses of auth: checking a session (its access token, whether it is still
 * active), ending an account's sessions, passwords, confirmation codes by mail, and its routes.
 */
export { verifyAccessToken } from './access-token.ts';
export { authRoutes } from './auth.routes.ts';
export { checkConfirmationCode, sendConfirmationCode } from './email-confirmation.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { isSessionActive, revokeUserSessions } from './sessions.repository.ts';

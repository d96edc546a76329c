import type { TokenPair } from '@platen/contract';
import { readStorage, removeStorage, storageKeys, writeStorage } from './local-storage.ts';

/** What the access token tells about its user (product.md#what-is-stored: sub is the e-mail). */
export type SessionUser = { email: string; firstName: string; lastName: string };

export const findAccessToken = (): string | undefined => readStorage(storageKeys.token);
export const findRefreshToken = (): string | undefined => readStorage(storageKeys.refreshToken);
export const isSignedIn = (): boolean => Boolean(findAccessToken());

export const storeTokens = (pair: TokenPair): void => {
  writeStorage(storageKeys.token, pair.token);
  writeStorage(storageKeys.refreshToken, pair.refreshToken);
};

export const clearTokens = (): void => {
  removeStorage(storageKeys.token);
  removeStorage(storageKeys.refreshToken);
};

const decodeBase64Url = (segment: string): string => {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Reads the claims of a JWT without verifying it: the server verifies on every call, the client
 * only needs the name and e-mail to show.
 */
export const decodeSessionUser = (token: string | undefined): SessionUser | undefined => {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    if (typeof claims !== 'object' || claims === null) return undefined;
    const record = claims as Record<string, unknown>;
    return {
      email: text(record.sub),
      firstName: text(record.firstName),
      lastName: text(record.lastName),
    };
  } catch {
    return undefined;
  }
};

export const findSessionUser = (): SessionUser | undefined => decodeSessionUser(findAccessToken());

import { describe, expect, it } from 'vitest';
import { decodeSessionUser } from './session.ts';

const base64Url = (value: object) =>
  Buffer.from(JSON.stringify(value))
    .toString('base64')
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');

describe('decodeSessionUser', () => {
  it('reads sub, firstName and lastName from the token', () => {
    const token = `${base64Url({ alg: 'HS256' })}.${base64Url({ sub: 'ada@example.com', firstName: 'Åda', lastName: 'Løvelace' })}.sig`;
    expect(decodeSessionUser(token)).toEqual({
      email: 'ada@example.com',
      firstName: 'Åda',
      lastName: 'Løvelace',
    });
  });

  it('gives undefined for a missing or malformed token', () => {
    expect(decodeSessionUser(undefined)).toBeUndefined();
    expect(decodeSessionUser('garbage')).toBeUndefined();
    expect(decodeSessionUser('a.!!!.c')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { emailSchema, isEmailShape, MAX_EMAIL_LENGTH, messages } from './common.ts';

describe('isEmailShape', () => {
  it.each([
    ['ada@example.com', true],
    ['a.b+tag@sub.example.co.uk', true],
    ['a@b.c', true],
    ['a@b..', true],
    ['a@.b', false],
    ['a@b.', false],
    ['a@b', false],
    ['@b.co', false],
    ['a@@b.co', false],
    ['a b@c.co', false],
    ['a@b c.co', false],
    ['a@b.co@', false],
    ['', false],
  ])('says whether %j has the shape of an e-mail address: %s', (email, expected) => {
    expect(isEmailShape(email)).toBe(expected);
  });

  it('refuses an address longer than 254 characters without looking further', () => {
    const local = 'a'.repeat(MAX_EMAIL_LENGTH);
    expect(isEmailShape(`${local}@example.com`)).toBe(false);
    expect(isEmailShape(`${'a'.repeat(MAX_EMAIL_LENGTH - 12)}@example.com`)).toBe(true);
  });

  it('answers a megabyte of dots between two @ with one message', () => {
    const result = emailSchema.safeParse(`a@${'.'.repeat(1_000_000)}@`);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([messages.invalidEmail]);
  });
});

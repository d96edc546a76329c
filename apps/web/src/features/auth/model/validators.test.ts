import { describe, expect, it } from 'vitest';
import {
  registerProblems,
  validateForgotPassword,
  validateLogin,
  validateRegister,
  validateResetPassword,
} from './validators.ts';

describe('validateLogin', () => {
  it('asks for a valid e-mail first, then a 6-character password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      field: 'email',
      title: 'Invalid Email',
      message: 'Please enter a valid email address.',
    });
    expect(validateLogin({ email: 'a@b.co', password: '12345' })).toEqual({
      field: 'password',
      title: 'Wrong Password',
      message: 'Password must be at least 6 characters long.',
    });
    expect(validateLogin({ email: 'a@b.co', password: '123456' })).toBeUndefined();
  });
});

describe('validateRegister', () => {
  const valid = { firstName: 'Ada', lastName: 'Lovelace', email: 'a@b.co', password: 'secret' };

  it.each([
    [{ firstName: ' ' }, 'Missing First Name', 'First name is required.'],
    [{ lastName: '' }, 'Missing Last Name', 'Last name is required.'],
    [{ email: 'nope' }, 'Invalid Email', 'Please enter a valid email address.'],
    [{ password: 'short' }, 'Weak Password', 'Password must be at least 6 characters long.'],
  ])('reports %o as %s', (change, title, message) => {
    expect(validateRegister({ ...valid, ...change })).toMatchObject({ title, message });
  });

  it('accepts a complete form', () => {
    expect(validateRegister(valid)).toBeUndefined();
    expect(registerProblems(valid)).toEqual([]);
  });

  it('reports every field at fault of an empty form at once, in its order, with the same texts', () => {
    const empty = { firstName: '', lastName: '', email: '', password: '' };
    expect(registerProblems(empty)).toEqual([
      { field: 'firstName', title: 'Missing First Name', message: 'First name is required.' },
      { field: 'lastName', title: 'Missing Last Name', message: 'Last name is required.' },
      { field: 'email', title: 'Invalid Email', message: 'Please enter a valid email address.' },
      {
        field: 'password',
        title: 'Weak Password',
        message: 'Password must be at least 6 characters long.',
      },
    ]);
    expect(validateRegister(empty)).toEqual(registerProblems(empty)[0]);
    expect(registerProblems({ ...empty, firstName: 'Ada', password: 'secret' })).toMatchObject([
      { field: 'lastName' },
      { field: 'email' },
    ]);
  });
});

describe('validateForgotPassword', () => {
  it('wants a top-level domain of 2 to 6 letters', () => {
    const problem = {
      field: 'email',
      title: 'Invalid email.',
      message: 'Please write a valid email',
    };
    expect(validateForgotPassword({ email: 'ada@example.c' })).toEqual(problem);
    expect(validateForgotPassword({ email: 'ada@example.abcdefg' })).toEqual(problem);
    expect(validateForgotPassword({ email: 'ada@example.co' })).toBeUndefined();
    expect(validateForgotPassword({ email: 'ada@example.museum' })).toBeUndefined();
  });
});

describe('validateResetPassword', () => {
  it('checks length, then a non-blank confirmation, then that both match', () => {
    expect(validateResetPassword({ password: 'short', confirm: 'short' })?.message).toBe(
      'The password needs a minimum length of 6 characters',
    );
    expect(validateResetPassword({ password: 'secret', confirm: '   ' })?.message).toBe(
      'Please confirm your new password',
    );
    expect(validateResetPassword({ password: 'secret', confirm: 'secreT' })).toMatchObject({
      title: 'Password mismatch',
      message: 'The passwords do not match',
    });
    expect(validateResetPassword({ password: 'secret', confirm: 'secret' })).toBeUndefined();
  });
});

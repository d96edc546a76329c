import { describe, expect, it } from 'vitest';
import {
  emailCodeProblem,
  isPasswordMismatch,
  validatePasswordChange,
  validateProfileUpdate,
} from './validators.ts';

describe('isPasswordMismatch', () => {
  it('is set while the confirmation differs, and cleared while it is empty', () => {
    expect(isPasswordMismatch('secret', 'secre')).toBe(true);
    expect(isPasswordMismatch('secret', '')).toBe(false);
    expect(isPasswordMismatch('secret', 'secret')).toBe(false);
  });
});

describe('validatePasswordChange', () => {
  it('asks for the confirmation first, then the length of the new password', () => {
    expect(validatePasswordChange({ oldPassword: 'x', newPassword: 'abc', confirm: '' })).toEqual({
      field: 'confirm',
      title: 'Confirmation password.',
      message: 'Please confirm your new password',
    });
    expect(
      validatePasswordChange({ oldPassword: 'x', newPassword: 'abc', confirm: 'abc' }),
    ).toEqual({
      field: 'newPassword',
      title: 'Password length',
      message: 'The password needs a minimum length of 6',
    });
    expect(
      validatePasswordChange({ oldPassword: 'x', newPassword: 'abcdef', confirm: 'abcdef' }),
    ).toBeUndefined();
  });
});

describe('validateProfileUpdate', () => {
  it('requires first name, last name and title, in that order', () => {
    expect(validateProfileUpdate({ firstName: '', lastName: '', title: '' })?.message).toBe(
      'First name should not be empty',
    );
    expect(validateProfileUpdate({ firstName: 'A', lastName: ' ', title: '' })?.message).toBe(
      'Last name should not be empty',
    );
    expect(validateProfileUpdate({ firstName: 'A', lastName: 'B', title: '' })?.message).toBe(
      'Please fill in a title for yourself',
    );
    expect(validateProfileUpdate({ firstName: 'A', lastName: 'B', title: 'C' })).toBeUndefined();
  });
});

describe('emailCodeProblem', () => {
  it("says the code can't be empty", () => {
    expect(emailCodeProblem('  ')).toBe("The code can't be empty");
    expect(emailCodeProblem('ABC123')).toBeUndefined();
  });
});

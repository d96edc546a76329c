import { changePasswordBody, confirmEmailBody, updateProfileBody } from '@platen/contract';
import { firstProblem } from '../../../lib/validation.ts';

export const PASSWORD_MISMATCH_HINT = 'Passwords do not match';

/**
 * product.md#states-and-transitions: the mismatch flag is set while the confirmation differs from the new password, and
 * cleared while the confirmation is empty; while it is set the button is disabled.
 */
export const isPasswordMismatch = (newPassword: string, confirm: string): boolean =>
  confirm !== '' && confirm !== newPassword;

export const validatePasswordChange = (values: {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}) =>
  firstProblem<'oldPassword' | 'newPassword' | 'confirm'>([
    {
      field: 'confirm',
      title: 'Confirmation password.',
      isValid: values.confirm !== '',
      message: 'Please confirm your new password',
    },
    {
      field: 'newPassword',
      title: 'Password length',
      schema: changePasswordBody.shape.newPassword,
      value: values.newPassword,
    },
    {
      field: 'oldPassword',
      title: 'Current password',
      schema: changePasswordBody.shape.oldPassword,
      value: values.oldPassword,
    },
  ]);

export const validateProfileUpdate = (values: {
  firstName: string;
  lastName: string;
  title: string;
}) =>
  firstProblem<'firstName' | 'lastName' | 'title'>([
    {
      field: 'firstName',
      title: 'Missing First Name',
      schema: updateProfileBody.shape.firstName,
      value: values.firstName,
    },
    {
      field: 'lastName',
      title: 'Missing Last Name',
      schema: updateProfileBody.shape.lastName,
      value: values.lastName,
    },
    {
      field: 'title',
      title: 'Missing Title',
      schema: updateProfileBody.shape.title,
      value: values.title,
    },
  ]);

/** product.md#validation: the e-mail code must not be empty; the message is shown inline. */
export const emailCodeProblem = (code: string): string | undefined =>
  firstProblem([{ field: 'code', title: 'Code', schema: confirmEmailBody.shape.code, value: code }])
    ?.message;

import {
  emailSchema,
  isEmailShape,
  firstNameSchema,
  lastNameSchema,
  passwordSchema,
  resetSubmitBody,
} from '@platen/contract';
import { allProblems, firstProblem } from '../../../lib/validation.ts';

/**
 * product.md#validation: forgot-password wants a top-level domain of 2 to 6 letters, after the shape every
 * e-mail field checks (a scan, not one pattern: see isEmailShape).
 */
const isForgotPasswordEmail = (email: string) =>
  isEmailShape(email) && /[^@]\.[A-Za-z]{2,6}$/.test(email);

export const validateLogin = (values: { email: string; password: string }) =>
  firstProblem<'email' | 'password'>([
    { field: 'email', title: 'Invalid Email', schema: emailSchema, value: values.email },
    {
      field: 'password',
      title: 'Wrong Password',
      schema: passwordSchema(),
      value: values.password,
    },
  ]);

type RegisterValues = { firstName: string; lastName: string; email: string; password: string };

/** Every field of the sign-up form at fault, in the form's order, with product.md#validation's texts. */
export const registerProblems = (values: RegisterValues) =>
  allProblems<'firstName' | 'lastName' | 'email' | 'password'>([
    {
      field: 'firstName',
      title: 'Missing First Name',
      schema: firstNameSchema,
      value: values.firstName,
    },
    {
      field: 'lastName',
      title: 'Missing Last Name',
      schema: lastNameSchema,
      value: values.lastName,
    },
    { field: 'email', title: 'Invalid Email', schema: emailSchema, value: values.email },
    { field: 'password', title: 'Weak Password', schema: passwordSchema(), value: values.password },
  ]);

/** The first of them: the one the toast names. */
export const validateRegister = (values: RegisterValues) => registerProblems(values)[0];

export const validateForgotPassword = (values: { email: string }) =>
  firstProblem<'email'>([
    {
      field: 'email',
      title: 'Invalid email.',
      isValid: isForgotPasswordEmail(values.email.trim()),
      message: 'Please write a valid email',
    },
  ]);

export const validateResetPassword = (values: { password: string; confirm: string }) =>
  firstProblem<'password' | 'confirm'>([
    {
      field: 'password',
      title: 'Password length',
      schema: resetSubmitBody.shape.password,
      value: values.password,
    },
    {
      field: 'confirm',
      title: 'Confirmation password.',
      isValid: values.confirm.trim() !== '',
      message: 'Please confirm your new password',
    },
    {
      field: 'confirm',
      title: 'Password mismatch',
      isValid: values.confirm === values.password,
      message: 'The passwords do not match',
    },
  ]);

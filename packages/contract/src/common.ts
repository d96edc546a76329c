import { z } from 'zod';

/** product.md#constants: the minimum password length. */
export const MIN_PASSWORD_LENGTH = 6;
/** Long enough for any passphrase, short enough that hashing it cannot be abused. */
export const MAX_PASSWORD_LENGTH = 256;

export const messages = {
  invalidEmail: 'Please enter a valid email address.',
  shortPassword: 'Password must be at least 6 characters long.',
  longPassword: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`,
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  resetShortPassword: 'The password needs a minimum length of 6 characters',
  changeShortPassword: 'The password needs a minimum length of 6',
  currentPasswordRequired: 'Please enter your current password',
  profileFirstName: 'First name should not be empty',
  profileLastName: 'Last name should not be empty',
  profileTitle: 'Please fill in a title for yourself',
  emptyCode: "The code can't be empty",
  missingResetCode: 'The reset link is incomplete. Please request a new one.',
} as const;

/** RFC 5321's longest address: anything longer is refused before its shape is looked at. */
export const MAX_EMAIL_LENGTH = 254;

const hasSpaceOrAt = (text: string) => /[\s@]/.test(text);

/**
 * A basic shape check (product.md#validation): `local@domain.tld`, no spaces, one `@`, a dot inside the
 * domain; deliverability is proven by the confirmation code. Written as a scan, not a pattern:
 * the pattern it replaces (`[^\s@]+@[^\s@]+\.[^\s@]+`) backtracks in time that grows with the
 * square of the length, and the length is checked first, so every step here is linear.
 */
export const isEmailShape = (email: string): boolean => {
  if (email.length > MAX_EMAIL_LENGTH) return false;
  const at = email.indexOf('@');
  if (at <= 0) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  // A dot with something on either side of it.
  return !hasSpaceOrAt(local) && !hasSpaceOrAt(domain) && domain.slice(1, -1).includes('.');
};

export const emailSchema = z
  .string({ error: messages.invalidEmail })
  .trim()
  // Aborts: a longer text is not looked at again.
  .max(MAX_EMAIL_LENGTH, { error: messages.invalidEmail, abort: true })
  .refine(isEmailShape, { error: messages.invalidEmail })
  .transform((email) => email.toLowerCase());

/** Passwords are taken exactly as typed: no trimming, any Unicode, nothing truncated. */
export const passwordSchema = (tooShort: string = messages.shortPassword) =>
  z
    .string({ error: tooShort })
    .min(MIN_PASSWORD_LENGTH, { error: tooShort })
    .max(MAX_PASSWORD_LENGTH, { error: messages.longPassword });

/** A trimmed, non-empty, single-line text such as a name or a title. */
export const requiredText = (opts: { label: string; empty: string; max?: number }) => {
  const max = opts.max ?? 100;
  return z
    .string({ error: opts.empty })
    .trim()
    .min(1, { error: opts.empty })
    .max(max, { error: `${opts.label} must be at most ${max} characters.` })
    .refine((text) => !/\p{Cc}/u.test(text), {
      error: `${opts.label} must not contain control characters.`,
    });
};

export const messageResponse = z.object({ message: z.string() }).meta({ id: 'Message' });
export type MessageResponse = z.infer<typeof messageResponse>;

/** The file part of a multipart upload, as the API document describes it. */
export const uploadedFile = (description: string) =>
  z.string().meta({ format: 'binary', description });

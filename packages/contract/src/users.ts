import { z } from 'zod';
import { messageResponse, messages, passwordSchema, requiredText, uploadedFile } from './common.ts';
import type { Endpoint } from './endpoint.ts';

export const profileFirstName = requiredText({
  label: 'First name',
  empty: messages.profileFirstName,
});
export const profileLastName = requiredText({
  label: 'Last name',
  empty: messages.profileLastName,
});
export const profileTitle = requiredText({ label: 'Title', empty: messages.profileTitle });

export const profileResponse = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    title: z.string(),
    /** Base64 PNG without a data: prefix; empty when the user has no picture. */
    profilePic: z.string(),
    emailConfirmed: z.boolean(),
  })
  .meta({ id: 'Profile' });
export type ProfileResponse = z.infer<typeof profileResponse>;

export const pictureResponse = z
  .object({ profilePic: z.string(), firstName: z.string(), lastName: z.string() })
  .meta({ id: 'HeaderInfo' });
export type PictureResponse = z.infer<typeof pictureResponse>;

export const updateProfileBody = z.object({
  firstName: profileFirstName,
  lastName: profileLastName,
  title: profileTitle,
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const changePasswordBody = z.object({
  oldPassword: z
    .string({ error: messages.currentPasswordRequired })
    .min(1, { error: messages.currentPasswordRequired })
    .max(1024, { error: messages.longPassword }),
  newPassword: passwordSchema(messages.changeShortPassword),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const confirmEmailBody = z.object({
  code: z
    .string({ error: messages.emptyCode })
    .trim()
    .min(1, { error: messages.emptyCode })
    .max(32, { error: 'The code is not valid.' }),
});
export type ConfirmEmailBody = z.infer<typeof confirmEmailBody>;

const tag = 'Account';

export const getPicture = {
  method: 'GET',
  path: '/v1/user/picture',
  operationId: 'getPicture',
  summary: "The header's picture and name",
  tag,
  auth: 'bearer',
  response: pictureResponse,
} as const satisfies Endpoint;

export const uploadPicture = {
  method: 'POST',
  path: '/v1/user/picture',
  operationId: 'uploadPicture',
  summary: 'Upload a profile picture (PNG, JPEG, WebP or GIF; stored re-encoded as PNG)',
  tag,
  auth: 'bearer',
  consumes: 'multipart/form-data',
  upload: z.object({ file: uploadedFile('A PNG, JPEG, WebP or GIF image.') }),
  response: messageResponse,
} as const satisfies Endpoint;

export const getProfile = {
  method: 'GET',
  path: '/v1/user/profile',
  operationId: 'getProfile',
  summary: 'The signed-in user',
  tag,
  auth: 'bearer',
  response: profileResponse,
} as const satisfies Endpoint;

export const updateProfile = {
  method: 'POST',
  path: '/v1/user/profile',
  operationId: 'updateProfile',
  summary: 'Change name and title',
  tag,
  auth: 'bearer',
  body: updateProfileBody,
  response: profileResponse,
} as const satisfies Endpoint;

export const changePassword = {
  method: 'POST',
  path: '/v1/user/profile/password/reset/submit',
  operationId: 'changePassword',
  summary: 'Change the password (needs the current one; signs out every other session)',
  tag,
  auth: 'bearer',
  body: changePasswordBody,
  response: messageResponse,
} as const satisfies Endpoint;

export const deleteAccountBody = z.object({
  password: z
    .string({ error: messages.currentPasswordRequired })
    .min(1, { error: messages.currentPasswordRequired })
    .max(1024, { error: messages.longPassword }),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

export const deleteAccount = {
  method: 'DELETE',
  path: '/v1/user',
  operationId: 'deleteAccount',
  summary:
    'Delete the account for good: templates, API key and sessions; a paid plan is cancelled at once',
  tag,
  auth: 'bearer',
  body: deleteAccountBody,
  response: messageResponse,
  errors: [429, 502, 503],
} as const satisfies Endpoint;

export const confirmEmail = {
  method: 'POST',
  path: '/v1/user/email/confirm',
  operationId: 'confirmEmail',
  summary: 'Confirm the e-mail address with the mailed code',
  tag,
  auth: 'bearer',
  body: confirmEmailBody,
  response: messageResponse,
  errors: [409, 429],
} as const satisfies Endpoint;

export const resendEmailCode = {
  method: 'GET',
  path: '/v1/user/email/code/resend',
  operationId: 'resendEmailCode',
  summary: 'Mail a new e-mail confirmation code (the previous one stops working)',
  tag,
  auth: 'bearer',
  response: messageResponse,
  errors: [409, 429],
} as const satisfies Endpoint;

export const regenerateApiKey = {
  method: 'POST',
  path: '/v1/user/api-key/regenerate',
  operationId: 'regenerateApiKey',
  summary: 'Replace the API key; the old key stops working at once',
  tag,
  auth: 'bearer',
  noStore: true,
  response: z.object({ apiKey: z.string() }).meta({ id: 'ApiKey' }),
} as const satisfies Endpoint;

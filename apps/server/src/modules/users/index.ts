/**
 * What other code uses of users: the account's record, and its profile as the data export holds
 * it. Its routes are not here: they reach auth and billing, which read the record through this
 * file, so app.ts takes them from users.routes.ts.
 */
export {
  findUserByEmail,
  findUserById,
  insertUser,
  updateUser,
  type User,
} from './users.repository.ts';
export { profileForExport } from './profile-export.ts';

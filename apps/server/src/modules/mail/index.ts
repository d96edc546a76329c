/** What other code uses of mail: the mails an account receives, and the local mailbox's routes. */
export {
  accountDeletedMail,
  accountExportReadyMail,
  confirmationCodeMail,
  passwordResetMail,
  webhookFailingMail,
} from './account-mails.ts';
export { mailboxRoutes } from './mailbox.routes.ts';

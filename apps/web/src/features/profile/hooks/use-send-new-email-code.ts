import { showAlertDialog } from '../../../components/dialogs/alert-dialog.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useResendEmailCode } from '../api/resend-email-code.ts';

/**
 * product.md#screens-and-routes resend code: a success dialog ('Code sent!') and a reload, or the 'Email Error'
 * alert. One behaviour for the Verify Email modal and the unconfirmed-address banner.
 */
export const useSendNewEmailCode = () => {
  const resend = useResendEmailCode();
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: (answer) =>
        void showAlertDialog({
          kind: 'success',
          title: 'Code sent!',
          message: answer.message,
        }).then(() => window.location.reload()),
      onError: (error) =>
        void showAlertDialog({ kind: 'error', title: 'Email Error', message: errorMessage(error) }),
    });
  return { send, isPending: resend.isPending };
};

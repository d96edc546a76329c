import { showAlertDialog } from '../../../components/dialogs/alert-dialog.tsx';
import type { Refusal } from '../model/plan-rules.ts';

/** The provider's hosted page is another site (or the local provider's own pages): a full load. */
export const goToProvider = (url: string) => window.location.assign(url);

export const showRefusal = (refusal: Refusal) =>
  showAlertDialog({ kind: 'error', title: refusal.title, message: refusal.message });

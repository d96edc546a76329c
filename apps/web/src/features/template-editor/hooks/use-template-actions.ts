import { modals } from '@mantine/modals';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { showAlertDialog } from '../../../components/dialogs/alert-dialog.tsx';
import { showApiError } from '../../../components/feedback/show-api-error.ts';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useDeleteTemplate } from '../api/delete-template.ts';
import { downloadPdf } from '../api/template-files.ts';
import { PASSES_UNSAVED_GUARD } from './use-unsaved-guard.ts';

/** The gear menu's Download PDF and Delete template (product.md#screens-and-routes, product.md#states-and-transitions, product.md#errors). */
export const useTemplateActions = (templateName: string) => {
  const navigate = useNavigate();
  const deleteTemplate = useDeleteTemplate();

  const download = useCallback(() => {
    downloadPdf(templateName).catch(showApiError);
  }, [templateName]);

  const remove = useCallback(() => {
    modals.openConfirmModal({
      title: 'Are you sure?',
      centered: true,
      children: "You won't be able to revert this!",
      labels: { confirm: 'Yes, delete it!', cancel: 'No, keep it' },
      confirmProps: { color: 'red.8' }, // red.6 and red.7 are under 4.5:1 with white text
      onConfirm: () => {
        deleteTemplate.mutateAsync(templateName).then(
          async () => {
            await navigate(paths.templates, { state: PASSES_UNSAVED_GUARD });
            await showAlertDialog({
              kind: 'success',
              title: 'Deleted!',
              message: 'The template has been deleted.',
            });
          },
          (error: unknown) =>
            showAlertDialog({
              kind: 'error',
              title: 'Template Error',
              message: errorMessage(error),
            }),
        );
      },
    });
  }, [deleteTemplate, navigate, templateName]);

  return { download, remove };
};

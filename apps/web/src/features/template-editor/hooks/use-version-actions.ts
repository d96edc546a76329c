import { modals } from '@mantine/modals';
import type { TemplateResponse } from '@platen/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { showAlertDialog } from '../../../components/dialogs/alert-dialog.tsx';
import { openPdfInNewTab, showGenerationError } from '../../../components/files/open-pdf.tsx';
import { showApiError } from '../../../components/feedback/show-api-error.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useReloadTemplate } from '../api/get-template.ts';
import {
  downloadVersionPdf,
  generateVersionSample,
  useRestoreVersion,
  versionDetailQuery,
} from '../api/versions.ts';
import type { EditorStore } from '../model/editor-store.ts';

type VersionActionsOptions = {
  template: TemplateResponse;
  /** The draft's editor: a restore replaces what it shows. */
  store: EditorStore;
  /** Back to the draft (after a restore, from a version opened read-only). */
  showDraft: () => void;
};

const askBeforeRestore = (version: number, hasUnsavedWork: boolean) =>
  new Promise<boolean>((resolve) => {
    modals.openConfirmModal({
      title: `Restore version ${version}?`,
      centered: true,
      children: `The draft becomes version ${version} again: its PDF, fields and stamps. ${
        hasUnsavedWork ? 'The changes you have not saved will be lost. ' : ''
      }Published versions stay as they are, and integrations are unaffected until you publish.`,
      labels: { confirm: `Restore version ${version}`, cancel: 'Cancel' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });

/** Download, sample and restore for one published version (Versions panel, read-only view). */
export const useVersionActions = ({ template, store, showDraft }: VersionActionsOptions) => {
  const queryClient = useQueryClient();
  const restoreVersion = useRestoreVersion();
  const reload = useReloadTemplate();
  const name = template.templateName;

  const download = useCallback(
    (version: number) => void downloadVersionPdf(name, version).catch(showApiError),
    [name],
  );

  const sample = useCallback(
    async (version: number) => {
      try {
        const detail = await queryClient.fetchQuery(versionDetailQuery(name, version));
        const pdf = await generateVersionSample({
          apiKey: template.apiKey,
          templateId: template.id,
          version,
          // The server's example of this version: the values its fields accept (options, formats).
          fields: detail.api.fields,
        });
        openPdfInNewTab(pdf);
      } catch (error) {
        showGenerationError(error);
      }
    },
    [queryClient, name, template.apiKey, template.id],
  );

  const restore = useCallback(
    async (version: number) => {
      if (!(await askBeforeRestore(version, store.isDirty()))) return;
      try {
        await restoreVersion.mutateAsync({ templateName: name, version });
        await reload(name, store);
        showDraft();
        await showAlertDialog({
          kind: 'success',
          title: `Version ${version} restored`,
          message: `The draft is version ${version} again. Publish changes to release it to integrations.`,
        });
      } catch (error) {
        await showAlertDialog({
          kind: 'error',
          title: 'Restore failed',
          message: errorMessage(error),
        });
      }
    },
    [restoreVersion, reload, name, store, showDraft],
  );

  return { download, sample, restore, isRestoring: restoreVersion.isPending };
};

export type VersionActions = ReturnType<typeof useVersionActions>;

import type { TemplateResponse } from '@platen/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { showAlertDialog } from '../../../components/dialogs/alert-dialog.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useSaveTemplate } from '../api/save-template.ts';
import { toDocument, toSaveRequest } from '../api/to-save-request.ts';
import { createEditorStore } from '../model/editor-store.ts';
import { useUnsavedGuard } from './use-unsaved-guard.ts';

/** SPEC §4: leaving editing draws the PDF again about 100 ms later. */
export const RERENDER_DELAY_MS = 100;

export type EditorTab = 'template' | 'form' | 'api' | 'stamps' | 'editing';

/**
 * One open editor: its store (created once per loaded template), the viewing/editing mode, the
 * tab, and the save and discard actions of SPEC §4, §5 and §8.
 */
export const useEditorSession = (template: TemplateResponse) => {
  const [store, setStore] = useState(() => createEditorStore(toDocument(template), template.pages));
  const loaded = useRef(template);
  const [tab, setTab] = useState<EditorTab>('template');
  const [renderKey, setRenderKey] = useState(0);
  const save = useSaveTemplate();
  const isEditing = tab === 'editing' || tab === 'stamps';

  // A new PDF (replace) starts a new editor. A rename keeps it, with any unsaved work.
  useEffect(() => {
    const previous = loaded.current;
    loaded.current = template;
    if (previous.file !== template.file) {
      setStore(createEditorStore(toDocument(template), template.pages));
    }
  }, [template]);

  const isDirty = useCallback(() => store.isDirty(), [store]);
  useUnsavedGuard(isDirty);

  const wasEditing = useRef(isEditing);
  useEffect(() => {
    const left = wasEditing.current && !isEditing;
    wasEditing.current = isEditing;
    if (!left) return;
    const timer = setTimeout(() => setRenderKey((key) => key + 1), RERENDER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isEditing]);

  // Edit template while editing stays in editing mode: only Discard changes leaves it with the
  // work thrown away (SPEC §4), and Save leaves it with the work saved.
  const edit = useCallback(() => setTab('editing'), []);

  const discard = useCallback(() => {
    store.reset(toDocument(loaded.current));
    setTab('template');
  }, [store]);

  const submit = useCallback(async () => {
    if (!store.check()) {
      // SPEC §5: the save does not happen; the failing boxes are red until they are valid.
      console.info('Save stopped: some fields need a type and a unique label.');
      return;
    }
    try {
      const body = toSaveRequest(template.templateName, store.getState().history.present);
      const saved = await save.mutateAsync(body);
      loaded.current = saved;
      store.reset(toDocument(saved));
      setTab('template');
      await showAlertDialog({
        kind: 'success',
        title: 'Template updated',
        message: 'Template has been updated successfully.',
      });
    } catch (error) {
      await showAlertDialog({
        kind: 'error',
        title: 'Error updating template',
        message: errorMessage(error),
      });
    }
  }, [store, save, template.templateName]);

  return {
    store,
    tab,
    setTab,
    isEditing,
    renderKey,
    edit,
    isDirty,
    discard,
    save: submit,
    isSaving: save.isPending,
  };
};

import type { TemplateResponse } from '@platen/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { showAlertDialog } from '../../../components/dialogs/alert-dialog.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useSaveTemplate } from '../api/save-template.ts';
import { toDocument, toSaveRequest } from '../api/to-save-request.ts';
import { useSearchParams } from 'react-router';
import { createEditorStore } from '../model/editor-store.ts';
import { readTabParam, withTabParam, type EditorTab } from '../model/editor-tab.ts';
import { useUnsavedGuard } from './use-unsaved-guard.ts';

/** SPEC §4: leaving editing draws the PDF again about 100 ms later. */
export const RERENDER_DELAY_MS = 100;

export type { EditorTab } from '../model/editor-tab.ts';

/**
 * One open editor: its store (created once per loaded template), the viewing/editing mode, the
 * tab, and the save and discard actions of SPEC §4, §5 and §8.
 */
export const useEditorSession = (template: TemplateResponse) => {
  const [store, setStore] = useState(() => createEditorStore(toDocument(template), template.pages));
  const loaded = useRef(template);
  const [params, setParams] = useSearchParams();
  const tab = readTabParam(params);
  /** A tab the user picks is a step Back returns from; one the app moves to (after a save) is not. */
  const setTab = useCallback(
    (next: EditorTab, options?: { replace?: boolean }) =>
      setParams((old) => withTabParam(old, next), options),
    [setParams],
  );
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
  const edit = useCallback(() => setTab('editing'), [setTab]);

  const discard = useCallback(() => {
    store.reset(toDocument(loaded.current));
    setTab('template', { replace: true });
  }, [store, setTab]);

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
      setTab('template', { replace: true });
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
  }, [store, save, template.templateName, setTab]);

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

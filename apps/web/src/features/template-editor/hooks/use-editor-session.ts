import type { TemplateResponse } from '@platen/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { showAlertDialog } from '../../../components/dialogs/alert-dialog.tsx';
import { errorMessage, isApiError } from '../../../lib/api-error.ts';
import { useSaveTemplate } from '../api/save-template.ts';
import { useReloadTemplate } from '../api/get-template.ts';
import { toDocument, toSaveRequest } from '../api/to-save-request.ts';
import { useSearchParams } from 'react-router';
import { createEditorStore } from '../model/editor-store.ts';
import { readTabParam, withTabParam, type EditorTab } from '../model/editor-tab.ts';
import { askAboutConflict } from './ask-about-conflict.tsx';
import { useUnsavedGuard } from './use-unsaved-guard.ts';

/** product.md#states-and-transitions: leaving editing draws the PDF again about 100 ms later. */
const RERENDER_DELAY_MS = 100;

export type { EditorTab } from '../model/editor-tab.ts';

/**
 * One open editor: its store (created once per loaded template), the viewing/editing mode, the
 * tab, and the save and discard actions of product.md#states-and-transitions, product.md#validation and product.md#errors.
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

  const reload = useReloadTemplate();

  // A new PDF (replace) starts a new editor. A rename keeps it, with any unsaved work; a draft
  // changed elsewhere (a restored version, a reload) is shown when there is no work to lose.
  useEffect(() => {
    const previous = loaded.current;
    loaded.current = template;
    if (previous.file !== template.file) {
      setStore(createEditorStore(toDocument(template), template.pages));
    } else if (previous.revision !== template.revision && !store.isDirty()) {
      store.reset(toDocument(template));
    }
  }, [template, store]);

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
  // work thrown away (product.md#states-and-transitions), and Save leaves it with the work saved.
  const edit = useCallback(() => setTab('editing'), [setTab]);

  const discard = useCallback(() => {
    store.reset(toDocument(loaded.current));
    setTab('template', { replace: true });
  }, [store, setTab]);

  /**
   * Saves the editor's work as the draft, sending the revision it started from: a draft saved
   * elsewhere meanwhile is refused (EDIT_CONFLICT) instead of silently overwritten. Resolves
   * false when product.md#validation's check stops the save (the failing boxes turn red).
   */
  const persist = useCallback(
    async (options: { overwrite?: boolean } = {}) => {
      if (!store.check()) return false;
      const body = toSaveRequest(template.templateName, store.getState().history.present);
      const saved = await save.mutateAsync(
        options.overwrite ? body : { ...body, revision: loaded.current.revision },
      );
      loaded.current = saved;
      store.reset(toDocument(saved));
      return true;
    },
    [store, save, template.templateName],
  );

  const submit = useCallback(
    async (options: { overwrite?: boolean } = {}): Promise<void> => {
      try {
        if (!(await persist(options))) {
          console.info('Save stopped: some fields need a type and a unique label.');
          return;
        }
        setTab('template', { replace: true });
        await showAlertDialog({
          kind: 'success',
          title: 'Template updated',
          message: 'Template has been updated successfully.',
        });
      } catch (error) {
        if (isApiError(error) && error.code === 'EDIT_CONFLICT') {
          const choice = await askAboutConflict();
          if (choice === 'overwrite') return submit({ overwrite: true });
          if (choice === 'reload') await reload(template.templateName, store);
          return;
        }
        await showAlertDialog({
          kind: 'error',
          title: 'Error updating template',
          message: errorMessage(error),
        });
      }
    },
    [persist, setTab, reload, template.templateName, store],
  );

  return {
    store,
    tab,
    setTab,
    isEditing,
    renderKey,
    edit,
    isDirty,
    discard,
    save: () => submit(),
    persist,
    isSaving: save.isPending,
  };
};

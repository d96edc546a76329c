import { Button, Drawer, Group, Stack, Tabs, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TemplateResponse } from '@platen/contract';
import { IconAdjustments } from '@tabler/icons-react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useDeleteItem } from '../hooks/use-delete-item.ts';
import { useEditorKeyboard } from '../hooks/use-editor-keyboard.ts';
import { useEditorSession, type EditorTab } from '../hooks/use-editor-session.ts';
import { useTemplateActions } from '../hooks/use-template-actions.ts';
import { useVersionActions } from '../hooks/use-version-actions.ts';
import { confirmDiscard } from '../hooks/use-unsaved-guard.ts';
import { useZoom } from '../hooks/use-zoom.ts';
import { readVersionParam, withVersionParam } from '../model/editor-tab.ts';
import { ApiTab } from './ApiTab.tsx';
import { EditorContext, type EditorContextValue } from './editor-context.ts';
import { EditorCanvas } from './EditorCanvas.tsx';
import { EmptyTemplateHint } from './EmptyTemplateHint.tsx';
import { RenameModal } from './RenameModal.tsx';
import { ReplaceModal } from './ReplaceModal.tsx';
import { OptionsBody, SidePanel, UndoRedo } from './SidePanel.tsx';
import { TemplateLanguageSelect } from './LanguageSelect.tsx';
import { OutOfBoundsAlert } from './OutOfBoundsAlert.tsx';
import { PublishModal } from './PublishModal.tsx';
import { TemplateHeader } from './TemplateHeader.tsx';
import { TemplateMenus } from './TemplateMenus.tsx';
import { VersionsPanel } from './VersionsPanel.tsx';
import { VersionView } from './VersionView.tsx';
import { ZoomControl } from './ZoomControl.tsx';

/** product.md#constants: under 1024 px wide the editor uses its mobile layout. */
const MOBILE_QUERY = '(max-width: 1023.98px)';

type TemplateDetailsPageProps = {
  template: TemplateResponse;
  /** The Form tab's content, composed by the route (features do not import each other). */
  renderForm: (template: TemplateResponse) => ReactNode;
};

/** product.md#screens-and-routes Template details: tabs, menus, the pages with their fields, and the side panel. */
export const TemplateDetailsPage = ({ template, renderForm }: TemplateDetailsPageProps) => {
  const session = useEditorSession(template);
  const { store, tab, isEditing } = session;
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const zoom = useZoom(template.pages);
  const [modal, setModal] = useState<'rename' | 'replace' | 'publish' | 'versions' | null>(null);
  const [hasUnsavedWorkToPublish, setHasUnsavedWorkToPublish] = useState(false);
  const [params, setParams] = useSearchParams();
  /** A published version opened read-only; the draft's editor and its work wait behind it. */
  const viewedVersion = readVersionParam(params);
  const showVersion = useCallback(
    (version: number | null) => setParams((old) => withVersionParam(old, version)),
    [setParams],
  );
  const versionActions = useVersionActions({
    template,
    store,
    showDraft: () => showVersion(null),
  });
  const openPublish = () => {
    setHasUnsavedWorkToPublish(session.isDirty());
    setModal('publish');
  };
  const [isOptionsOpen, setIsOptionsOpen] = useState(false);
  const deleteItem = useDeleteItem(store, template.templateName);
  const actions = useTemplateActions(template.templateName);
  const layer = tab === 'stamps' ? 'stamps' : 'fields';
  const editor = useMemo<EditorContextValue>(
    () => ({ store, scale: zoom.scale, isEditing, layer, requestDelete: (id) => deleteItem(id) }),
    [store, zoom.scale, isEditing, layer, deleteItem],
  );
  useEditorKeyboard({
    store,
    isActive: isEditing && viewedVersion === null,
    requestDelete: deleteItem,
    scale: zoom.scale,
    canDraw: layer === 'fields',
  });
  const askBeforeReplace = async () => {
    const isReplacing =
      !session.isDirty() ||
      (await confirmDiscard(
        'The new PDF opens with the fields saved so far: the changes you have not saved will be lost.',
        'Replace anyway',
      ));
    if (isReplacing) setModal('replace');
  };
  const askBeforeDiscard = async () => {
    const isDiscarding =
      !session.isDirty() ||
      (await confirmDiscard('The changes you have not saved will be lost.', 'Discard changes'));
    if (isDiscarding) session.discard();
  };
  const showsCanvas = tab === 'template' || tab === 'editing' || tab === 'stamps';
  const canvasHeight = isMobile ? 'calc(100dvh - 240px)' : 'calc(100dvh - 210px)';

  return (
    <EditorContext.Provider value={editor}>
      <Stack gap="sm">
        <TemplateHeader
          template={template}
          isMobile={isMobile}
          viewedVersion={viewedVersion}
          onRename={() => setModal('rename')}
          onVersions={() => setModal('versions')}
        >
          {viewedVersion === null && (
            <TemplateMenus
              isEditing={isEditing}
              isSaving={session.isSaving}
              onEdit={session.edit}
              onReplace={() => void askBeforeReplace()}
              onDownload={actions.download}
              onDelete={actions.remove}
              onSave={() => void session.save()}
              onDiscard={() => void askBeforeDiscard()}
              onPublish={openPublish}
            />
          )}
        </TemplateHeader>
        {viewedVersion !== null ? (
          <VersionView
            key={viewedVersion}
            template={template}
            version={viewedVersion}
            canvasHeight={canvasHeight}
            actions={versionActions}
            onClose={() => showVersion(null)}
          />
        ) : (
          <Tabs
            value={tab}
            onChange={(value) => value && session.setTab(value as EditorTab)}
            keepMounted={false}
          >
            <Tabs.List style={{ flexWrap: isMobile ? 'nowrap' : undefined, overflowX: 'auto' }}>
              <Tabs.Tab value="template">1 Template</Tabs.Tab>
              <Tabs.Tab value="form">2 Form</Tabs.Tab>
              <Tabs.Tab value="api">3 Api</Tabs.Tab>
              {/* product.md#screens-and-routes names it Template, like the first tab: the tooltip says what it holds. */}
              <Tooltip
                label="Stamps: pictures placed on every generated document"
                withArrow
                openDelay={300}
              >
                <Tabs.Tab value="stamps" aria-label="4 Template stamps">
                  4 Template
                </Tabs.Tab>
              </Tooltip>
              {tab === 'editing' && <Tabs.Tab value="editing">Editing mode</Tabs.Tab>}
            </Tabs.List>
            <Tabs.Panel value="form" pt="md">
              {renderForm(template)}
            </Tabs.Panel>
            <Tabs.Panel value="api" pt="md">
              <ApiTab template={template} />
            </Tabs.Panel>
            {showsCanvas && (
              <Tabs.Panel value={tab} pt="sm">
                <Stack gap="sm">
                  {isMobile && (
                    <Group justify="space-between" gap="xs">
                      <ZoomControl
                        zoom={zoom.zoom}
                        setting={zoom.setting}
                        onChange={zoom.setSetting}
                      />
                      <Group gap="xs">
                        <UndoRedo />
                        <Button
                          size="compact-sm"
                          variant="light"
                          leftSection={<IconAdjustments size={14} aria-hidden />}
                          onClick={() => setIsOptionsOpen(true)}
                        >
                          Field options
                        </Button>
                      </Group>
                    </Group>
                  )}
                  <OutOfBoundsAlert onEdit={session.edit} />
                  <EmptyTemplateHint />
                  <Group align="flex-start" gap="md" wrap="nowrap">
                    <div style={{ flex: 1, minWidth: 0 }}>
                      <EditorCanvas
                        file={template.file}
                        pages={template.pages}
                        renderKey={session.renderKey}
                        height={canvasHeight}
                        canvasRef={zoom.measure}
                      />
                    </div>
                    {!isMobile && (
                      <SidePanel
                        templateName={template.templateName}
                        description={template.description}
                        zoom={zoom.zoom}
                        zoomSetting={zoom.setting}
                        onZoom={zoom.setSetting}
                        onRename={() => setModal('rename')}
                      />
                    )}
                  </Group>
                </Stack>
              </Tabs.Panel>
            )}
          </Tabs>
        )}
      </Stack>
      {isMobile && (
        <Drawer
          opened={isOptionsOpen}
          onClose={() => setIsOptionsOpen(false)}
          position="bottom"
          size="70%"
          title="Field options"
        >
          <Stack gap="md">
            <TemplateLanguageSelect />
            <OptionsBody />
          </Stack>
        </Drawer>
      )}
      <RenameModal
        key={`rename-${template.templateName}-${modal === 'rename'}`}
        templateName={template.templateName}
        templateId={template.id}
        isOpen={modal === 'rename'}
        onClose={() => setModal(null)}
      />
      <PublishModal
        template={template}
        isOpen={modal === 'publish'}
        onClose={() => setModal(null)}
        hasUnsavedWork={hasUnsavedWorkToPublish}
        saveWork={session.persist}
      />
      <VersionsPanel
        template={template}
        isOpen={modal === 'versions'}
        isMobile={isMobile}
        onClose={() => setModal(null)}
        onOpenVersion={(version) => {
          setModal(null);
          showVersion(version);
        }}
        onPublish={openPublish}
        actions={versionActions}
      />
      <ReplaceModal
        templateName={template.templateName}
        isOpen={modal === 'replace'}
        onClose={() => setModal(null)}
        onReplaced={() => session.setTab('template', { replace: true })}
      />
    </EditorContext.Provider>
  );
};

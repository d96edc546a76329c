import { Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { TemplateResponse } from '@platen/contract';
import {
  IconArrowLeft,
  IconDownload,
  IconFileTypePdf,
  IconHistory,
  IconLock,
} from '@tabler/icons-react';
import { useMemo } from 'react';
import { ContrastAlert } from '../../../components/feedback/ContrastAlert.tsx';
import { ErrorAlert } from '../../../components/feedback/ErrorAlert.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { toDocument } from '../api/to-save-request.ts';
import { useVersion, useVersionPdf } from '../api/versions.ts';
import type { VersionActions } from '../hooks/use-version-actions.ts';
import { useZoom } from '../hooks/use-zoom.ts';
import { createEditorStore } from '../model/editor-store.ts';
import { formatPublishedAt } from '../model/format-date.ts';
import { EditorContext, type EditorContextValue } from './editor-context.ts';
import { EditorCanvas } from './EditorCanvas.tsx';

type VersionViewProps = {
  template: TemplateResponse;
  version: number;
  canvasHeight: string;
  actions: VersionActions;
  onClose: () => void;
};

/** A published version in the editor, read-only: its own PDF, fields and stamps, no controls. */
export const VersionView = ({ template, version, ...props }: VersionViewProps) => {
  const detail = useVersion(template.templateName, version);
  const pdf = useVersionPdf(template.templateName, version);
  const error = detail.error ?? pdf.error;
  return (
    <Stack gap="sm">
      <ContrastAlert
        color="brand"
        icon={<IconLock aria-hidden />}
        title={`Version ${version} — read only`}
        data-testid="version-banner"
      >
        <Stack gap="xs">
          <Text size="sm">
            {detail.data
              ? `Published ${formatPublishedAt(detail.data.publishedAt)} by ${detail.data.publishedBy}. `
              : ''}
            A published version never changes. Restore it to edit it as the draft.
          </Text>
          {detail.data?.note && (
            <Text size="sm" fs="italic" style={{ wordBreak: 'break-word' }}>
              {detail.data.note}
            </Text>
          )}
          <Group gap="xs">
            <Button
              size="compact-sm"
              leftSection={<IconArrowLeft size={14} aria-hidden />}
              onClick={props.onClose}
            >
              Back to the draft
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconDownload size={14} aria-hidden />}
              onClick={() => props.actions.download(version)}
            >
              Download PDF
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconFileTypePdf size={14} aria-hidden />}
              onClick={() => void props.actions.sample(version)}
            >
              Generate sample
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconHistory size={14} aria-hidden />}
              loading={props.actions.isRestoring}
              onClick={() => void props.actions.restore(version)}
            >
              Restore this version
            </Button>
          </Group>
        </Stack>
      </ContrastAlert>
      {error ? (
        <ErrorAlert title={`Version ${version} cannot be shown`}>{errorMessage(error)}</ErrorAlert>
      ) : detail.data && pdf.data ? (
        <ReadOnlyCanvas file={pdf.data} inputs={detail.data} height={props.canvasHeight} />
      ) : (
        <Card aria-busy>
          <Skeleton h={480} />
        </Card>
      )}
    </Stack>
  );
};

type ReadOnlyCanvasProps = {
  file: string;
  inputs: Parameters<typeof toDocument>[0] & { pages: TemplateResponse['pages'] };
  height: string;
};

const ReadOnlyCanvas = ({ file, inputs, height }: ReadOnlyCanvasProps) => {
  const zoom = useZoom(inputs.pages);
  const store = useMemo(() => createEditorStore(toDocument(inputs), inputs.pages), [inputs]);
  const editor = useMemo<EditorContextValue>(
    () => ({
      store,
      scale: zoom.scale,
      isEditing: false,
      layer: 'fields',
      requestDelete: () => {},
    }),
    [store, zoom.scale],
  );
  return (
    <EditorContext.Provider value={editor}>
      <EditorCanvas
        file={file}
        pages={inputs.pages}
        renderKey={0}
        height={height}
        canvasRef={zoom.measure}
      />
    </EditorContext.Provider>
  );
};

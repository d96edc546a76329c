import { ErrorAlert } from '../../../components/feedback/ErrorAlert.tsx';
import { Center, Loader, Stack, Text } from '@mantine/core';
import type { PageSize } from '../geometry/page-geometry.ts';
import { usePdfDocument } from '../hooks/use-pdf-document.ts';
import classes from './editor.module.css';
import { EditorPage } from './EditorPage.tsx';

type EditorCanvasProps = {
  file: string;
  pages: readonly PageSize[];
  renderKey: number;
  /** The least height: the canvas grows with its pages, and the page's own scroll reaches them. */
  height: number | string;
  canvasRef: (element: HTMLDivElement | null) => void;
};

/**
 * The neutral canvas with every page stacked (the editor looks like a design tool). It scrolls
 * only sideways (a zoom wider than the view): up and down, the editor page has one scroll, the
 * window's, so no field is reachable only from a scroll inside another (docs in editor.module.css).
 */
export const EditorCanvas = ({ file, pages, renderKey, height, canvasRef }: EditorCanvasProps) => {
  const { doc, error } = usePdfDocument(file);
  return (
    <div
      ref={canvasRef}
      className={classes.canvas}
      style={{ minHeight: height }}
      tabIndex={0}
      role="region"
      aria-label="Pages"
      data-editor-canvas
      data-testid="editor-canvas"
    >
      {error ? (
        <ErrorAlert title="The PDF cannot be shown" m="md">
          {error instanceof Error ? error.message : 'pdf.js could not open this file.'}
        </ErrorAlert>
      ) : !doc ? (
        <Center h="100%" mih={200}>
          <Stack align="center" gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Rendering pages…
            </Text>
          </Stack>
        </Center>
      ) : (
        <div className={classes.pages}>
          {pages.map((size, index) => (
            <EditorPage
              key={index + 1}
              pdf={doc}
              page={index + 1}
              size={size}
              renderKey={renderKey}
            />
          ))}
        </div>
      )}
    </div>
  );
};

import type { PDFDocumentProxy } from 'pdfjs-dist';
import { memo, useEffect, useRef, useState } from 'react';
import { pageSizeToCss, rectToCss, type PageSize } from '../geometry/page-geometry.ts';
import { useEditorSelector } from '../hooks/use-editor-store.ts';
import { usePagePointer } from '../hooks/use-page-pointer.ts';
import { itemOf } from '../interaction/items.ts';
import { activeItemId, draftRect } from '../interaction/pointer-machine.ts';
import { selectBoxIdsOnPage, selectStampIdsOnPage } from '../model/selectors.ts';
import { useEditor } from './editor-context.ts';
import classes from './editor.module.css';
import { FieldBoxView } from './FieldBoxView.tsx';
import { PdfPageCanvas } from './PdfPageCanvas.tsx';
import { StampView } from './StampView.tsx';

/** Pages this far outside the view are drawn in advance, so scrolling never shows a blank page. */
const NEAR_VIEW_MARGIN = '1200px 0px';

const useIsNearView = (ref: React.RefObject<HTMLElement | null>) => {
  const [isNear, setIsNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // The window scrolls the pages (the canvas grows with them): the viewport is the root.
    const observer = new IntersectionObserver(
      (entries) => setIsNear(entries.some((entry) => entry.isIntersecting)),
      { rootMargin: NEAR_VIEW_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return isNear;
};

const Draft = ({ page }: { page: number }) => {
  const { store, scale } = useEditor();
  // Other pages read null and do not re-render while this one draws.
  const interaction = useEditorSelector(store, (state) =>
    state.interaction.kind === 'drawing' && state.interaction.page === page
      ? state.interaction
      : null,
  );
  const draft = interaction ? draftRect(interaction) : undefined;
  if (!draft || draft.page !== page) return null;
  return (
    <div className={classes.draft} style={rectToCss(draft.rect, scale)} data-testid="draft-box" />
  );
};

const Guides = ({ page }: { page: number }) => {
  const { store, scale } = useEditor();
  const guides = useEditorSelector(store, (state) => {
    const id = activeItemId(state.interaction);
    const isOnPage = id !== undefined && itemOf(state.history.present, id)?.page === page;
    return isOnPage ? state.guides : [];
  });
  return guides.map((guide) => (
    <div
      key={`${guide.axis}-${guide.at}`}
      className={classes.guide}
      data-testid="snap-guide"
      style={
        guide.axis === 'x'
          ? { left: guide.at * scale, top: 0, bottom: 0, width: 1 }
          : { top: guide.at * scale, left: 0, right: 0, height: 1 }
      }
    />
  ));
};

type EditorPageProps = { pdf: PDFDocumentProxy; page: number; size: PageSize; renderKey: number };

/** One page: the PDF drawn by pdf.js, and over it the boxes and stamps of that page. */
export const EditorPage = memo(function EditorPage({
  pdf,
  page,
  size,
  renderKey,
}: EditorPageProps) {
  const editor = useEditor();
  const ref = useRef<HTMLDivElement>(null);
  const isNearView = useIsNearView(ref);
  const boxIds = useEditorSelector(editor.store, selectBoxIdsOnPage(page));
  const stampIds = useEditorSelector(editor.store, selectStampIdsOnPage(page));
  const pointer = usePagePointer(page, editor);
  return (
    <div
      ref={ref}
      className={classes.page}
      style={pageSizeToCss(size, editor.scale)}
      data-testid="pdf-page"
      data-page={page}
      data-near-view={isNearView}
      aria-label={`Page ${page}`}
      role="group"
    >
      <PdfPageCanvas
        pdf={pdf}
        page={page}
        scale={editor.scale}
        isNearView={isNearView}
        renderKey={renderKey}
      />
      <div
        className={classes.overlay}
        data-testid={`page-overlay-${page}`}
        data-editing={editor.isEditing}
        data-layer={editor.layer}
        {...pointer}
      >
        {stampIds.map((id) => (
          <StampView key={id} id={id} />
        ))}
        {boxIds.map((id) => (
          <FieldBoxView key={id} id={id} />
        ))}
        <Draft page={page} />
        <Guides page={page} />
      </div>
    </div>
  );
});

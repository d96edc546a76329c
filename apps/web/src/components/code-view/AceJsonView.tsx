import ace from 'ace-builds';
import 'ace-builds/src-noconflict/mode-json';
import 'ace-builds/src-noconflict/theme-dawn';
import 'ace-builds/src-noconflict/theme-dracula';
import 'ace-builds/src-noconflict/theme-merbivore_soft';
import 'ace-builds/src-noconflict/theme-xcode';
import { useEffect, useRef } from 'react';
import type { EditorTheme } from './editor-theme.ts';

export type AceJsonViewProps = {
  value: string;
  theme: EditorTheme;
  label: string;
  height?: number;
  testId: string;
};

/**
 * A read-only JSON view in Ace, for any screen. Modes and themes are imported here, so Ace never
 * injects script tags (the CSP allows only our own files), and its worker is off. Load it with
 * LazyAceJsonView so Ace stays out of the bundles of screens that do not show it.
 */
export default function AceJsonView({
  value,
  theme,
  label,
  height = 320,
  testId,
}: AceJsonViewProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<ace.Ace.Editor | null>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    // Ace keeps its editor on the element; a fresh child per mount keeps StrictMode's remount clean.
    const element = document.createElement('div');
    element.style.height = '100%';
    host.appendChild(element);
    const editor = ace.edit(element, {
      mode: 'ace/mode/json',
      useWorker: false,
      readOnly: true,
      fontSize: 13,
      showPrintMargin: false,
      highlightActiveLine: false,
      tabSize: 2,
      // Long values wrap instead of scrolling sideways (a phone shows about 30 characters).
      wrap: true,
    });
    editor.textInput.getElement().setAttribute('aria-label', label);
    editor.setValue(value, -1);
    editor.setTheme(`ace/theme/${theme}`);
    editorRef.current = editor;
    return () => {
      editor.destroy();
      element.remove();
      editorRef.current = null;
    };
    // Value and theme changes are applied by the effects below; only a new label re-creates it.
  }, [label]);

  useEffect(() => {
    const editor = editorRef.current;
    if (editor && editor.getValue() !== value) editor.setValue(value, -1);
  }, [value]);

  useEffect(() => {
    editorRef.current?.setTheme(`ace/theme/${theme}`);
  }, [theme]);

  return (
    <div
      ref={hostRef}
      data-testid={testId}
      data-editor-theme={theme}
      style={{ height, width: '100%', borderRadius: 8, overflow: 'hidden' }}
    />
  );
}

import ace from 'ace-builds';
import 'ace-builds/src-noconflict/mode-json';
import 'ace-builds/src-noconflict/theme-dawn';
import 'ace-builds/src-noconflict/theme-dracula';
import 'ace-builds/src-noconflict/theme-merbivore_soft';
import 'ace-builds/src-noconflict/theme-xcode';
import { useEffect, useRef } from 'react';
import type { EditorTheme } from '../model/editor-theme.ts';

type AceCodeViewProps = { value: string; theme: EditorTheme; label: string; height?: number };

/**
 * A JSON view in Ace. Modes and themes are imported here, so Ace never injects script tags
 * (the CSP allows only our own files), and its worker is off (no syntax-check thread needed).
 * This module is loaded lazily: Ace stays out of every other screen's bundle.
 */
export default function AceCodeView({ value, theme, label, height = 320 }: AceCodeViewProps) {
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
      fontSize: 14,
      showPrintMargin: false,
      tabSize: 2,
      useSoftTabs: true,
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
      data-testid="code-sample"
      data-editor-theme={theme}
      style={{ height, width: '100%', borderRadius: 8, overflow: 'hidden' }}
    />
  );
}

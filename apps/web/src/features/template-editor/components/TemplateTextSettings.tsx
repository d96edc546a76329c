import { Switch, Text, Textarea } from '@mantine/core';
import { PAGE_NUMBER_LABELS, placeholderLabels } from '@platen/contract';
import { useEditorSelector } from '../hooks/use-editor-store.ts';
import type { EditorDocument } from '../model/editor-state.ts';
import { useEditor } from './editor-context.ts';

/** What a field switched to a template starts with: a placeholder to show how one is written. */
const STARTER_TEXT = 'Dear {Name},';

/** Every label of the document, one per line (a selector must return a stable value). */
const labelsOf = (doc: EditorDocument) =>
  [...new Set(doc.order.map((id) => doc.boxes[id]?.label.trim() ?? ''))].join('\n');

/**
 * A text or long-text field may print a template of other fields' values instead of taking one
 * (product.md#what-is-stored "Text with placeholders"). Labels no field has are named here before the save
 * refuses them.
 */
export const TemplateTextSettings = ({
  label,
  template,
  onChange,
}: {
  label: string;
  template: string | undefined;
  onChange: (template: string | undefined) => void;
}) => {
  const { store } = useEditor();
  const labels = useEditorSelector(store, (state) => labelsOf(state.history.present));
  const known = new Set(labels.split('\n'));
  const unknown =
    template === undefined
      ? []
      : placeholderLabels(template).filter(
          (name) =>
            (!known.has(name) && !PAGE_NUMBER_LABELS.includes(name)) || name === label.trim(),
        );
  return (
    <>
      <Switch
        label="Print a template of other fields"
        description="The field takes no value: it prints its text with {Label} filled in"
        checked={template !== undefined}
        onChange={(event) => onChange(event.currentTarget.checked ? STARTER_TEXT : undefined)}
      />
      {template !== undefined && (
        <Textarea
          label="Template"
          description="Write {Label} for another field's value, printed in its format"
          value={template}
          autosize
          minRows={2}
          maxRows={8}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={
            unknown.length > 0
              ? `No other field is labelled ${unknown.map((name) => `"${name}"`).join(', ')}`
              : template.trim() === ''
                ? 'Write the text to print'
                : undefined
          }
        />
      )}
      {template !== undefined && unknown.length === 0 && (
        <Text size="xs" c="dimmed" data-testid="template-note">
          Not in the payload: integrations send the fields it names.
        </Text>
      )}
    </>
  );
};

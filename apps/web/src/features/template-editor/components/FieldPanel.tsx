import { memo } from 'react';
import {
  Button,
  ColorInput,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  fieldTypes,
  fontFamilies,
  formatFieldTypes,
  templateFieldTypes,
  FONT_SIZE,
  type FieldType,
  type FontFamily,
  type TextAlign,
} from '@platen/contract';
import { useEditorSelector } from '../hooks/use-editor-store.ts';
import {
  canAddCopyBox,
  configureBox,
  FIELD_TYPE_LABELS,
  type FieldSettings,
  type PanelFieldSettings,
} from '../model/commands.ts';
import type { BoxId, EditorDocument, FieldBox } from '../model/editor-state.ts';
import { useEditor } from './editor-context.ts';
import { focusSelectedBox, panelLabelInputProps } from '../interaction/panel-focus.ts';
import { BarcodeSettings, DEFAULT_BARCODE } from '../../../field-kinds/barcode/BarcodeSettings.tsx';
import { DEFAULT_TABLE, TableSettings } from '../../../field-kinds/table/TableSettings.tsx';
import { RepeatOnContinuedPages } from './RepeatOnContinuedPages.tsx';
import {
  blankOption,
  ChoiceOptionsEditor,
} from '../../../field-kinds/choice/ChoiceOptionsEditor.tsx';
import { hasUsableOptions } from '../model/save-check.ts';
import { FormatSettings } from './FormatSettings.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';
import { TemplateTextSettings } from './TemplateTextSettings.tsx';
import { Geometry } from './GeometryInputs.tsx';
import { toNumber } from '../../../lib/input-values.ts';

const typeOptions = fieldTypes.map((type) => ({ value: type, label: FIELD_TYPE_LABELS[type] }));
const fontLabels: Record<FontFamily, string> = {
  arial: 'Arial',
  helvetica: 'Helvetica',
  timesnewroman: 'Times New Roman',
  courier: 'Courier',
};
const fontOptions = fontFamilies.map((font) => ({ value: font, label: fontLabels[font] }));
const alignOptions = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Centre' },
  { value: 'right', label: 'Right' },
];

type SettingsFormProps = Pick<FieldBox, 'id'> &
  PanelFieldSettings & { isInvalid: boolean; hasBadOptions: boolean };

/** Font size, family and alignment: what a field that prints text sets (a barcode does not). */
const TextStyle = ({
  id,
  fontSize,
  fontFamily,
  textAlign,
  set,
}: Pick<SettingsFormProps, 'id' | 'fontSize' | 'fontFamily' | 'textAlign'> & {
  set: (settings: FieldSettings) => void;
}) => (
  <>
    <SimpleGrid cols={2} spacing="sm">
      <NumberInput
        label="Font size"
        value={fontSize}
        min={FONT_SIZE.editorMin}
        max={FONT_SIZE.editorMax}
        clampBehavior="strict"
        allowDecimal={false}
        onChange={(value) => {
          const n = toNumber(value);
          if (n !== undefined && n >= FONT_SIZE.editorMin && n <= FONT_SIZE.editorMax)
            set({ fontSize: n });
        }}
      />
      <Select
        label="Font family"
        data={fontOptions}
        value={fontFamily}
        allowDeselect={false}
        maxDropdownHeight={200}
        onChange={(value) => value && set({ fontFamily: value as FontFamily })}
      />
    </SimpleGrid>
    <div>
      <Text size="sm" fw={500} mb={4} id={`align-${id}`}>
        Text alignment
      </Text>
      <SegmentedControl
        fullWidth
        size="xs"
        aria-labelledby={`align-${id}`}
        data={alignOptions}
        value={textAlign}
        onChange={(value) => set({ textAlign: value as TextAlign })}
      />
    </div>
  </>
);

/** Everything but the rectangle, memoised on plain values so a drag leaves it alone. */
const SettingsForm = memo(function SettingsForm(props: SettingsFormProps) {
  const { store } = useEditor();
  const { id, hasBadOptions } = props;
  // A choice whose options are the problem is not told its label is.
  const isInvalid = props.isInvalid && !hasBadOptions;
  const set = (settings: FieldSettings) =>
    store.apply((doc) => configureBox(doc, { id, settings }));
  return (
    <>
      <Select
        label="Field type"
        placeholder="Choose a type"
        data={typeOptions}
        value={props.type || null}
        onChange={(value) => {
          if (!value) return;
          const needsOptions = value === 'choice' && !props.options?.length;
          const needsSymbology = value === 'barcode' && !props.barcode;
          const needsColumns = value === 'table' && !props.table;
          set({
            type: value as FieldType,
            ...(needsOptions && { options: [blankOption()] }),
            ...(needsSymbology && { barcode: DEFAULT_BARCODE }),
            ...(needsColumns && { table: DEFAULT_TABLE }),
            // A format belongs to its types: a date pattern means nothing to a number.
            format:
              props.format && formatFieldTypes[props.format.kind].includes(value as FieldType)
                ? props.format
                : undefined,
          });
        }}
        withAsterisk
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={200}
        error={isInvalid && !props.type ? 'Choose a type' : undefined}
      />
      <TextInput
        label="Label"
        {...panelLabelInputProps}
        value={props.label}
        onChange={(event) => set({ label: event.currentTarget.value })}
        withAsterisk
        error={
          isInvalid
            ? props.label.trim()
              ? 'Use a label no other field has'
              : 'Give the field a label'
            : undefined
        }
      />
      {props.type === 'barcode' ? (
        <BarcodeSettings barcode={props.barcode} onChange={(barcode) => set({ barcode })} />
      ) : (
        <TextStyle
          id={id}
          fontSize={props.fontSize}
          fontFamily={props.fontFamily}
          textAlign={props.textAlign}
          set={set}
        />
      )}
      <ColorInput
        label={props.type === 'barcode' ? 'Colour' : 'Font colour'}
        value={props.fontColor}
        format="hex"
        eyeDropperButtonProps={{ 'aria-label': 'Pick the colour from the screen' }}
        onChange={(value) =>
          /^#[0-9a-f]{6}$/i.test(value) && set({ fontColor: value.toLowerCase() })
        }
      />
      <FormatSettings
        type={props.type}
        format={props.format}
        onChange={(format) => set({ format })}
      />
      <LanguageSelect
        type={props.type}
        language={props.language}
        onChange={(language) => set({ language })}
      />
      {(templateFieldTypes as readonly string[]).includes(props.type) && (
        <TemplateTextSettings
          label={props.label}
          template={props.template}
          onChange={(template) => set({ template })}
        />
      )}
      {props.type === 'image' && (
        <Switch
          label="Signature"
          description="The Form tab offers a pad to sign with"
          checked={props.signature === true}
          onChange={(event) => set({ signature: event.currentTarget.checked || undefined })}
        />
      )}
      {props.type === 'choice' && (
        <ChoiceOptionsEditor
          options={props.options ?? []}
          isInvalid={props.isInvalid && hasBadOptions}
          onChange={(options) => set({ options })}
        />
      )}
      {props.type === 'table' && (
        <TableSettings
          table={props.table}
          pages={store.pages}
          onChange={(table) => set({ table })}
        />
      )}
      {props.type === 'linked_text' && (
        <NumberInput
          label="Box order"
          description="Text flows through the boxes of this label in this order"
          value={props.order}
          min={1}
          max={100}
          allowDecimal={false}
          onChange={(value) => {
            const n = toNumber(value);
            if (n !== undefined && n >= 1) set({ order: n });
          }}
        />
      )}
    </>
  );
});

/**
 * Where a field that prints its value in several boxes prints it, and "Add a box for this field"
 * (product.md#what-is-stored "Several boxes"). Each box keeps its own size and alignment, set above.
 */
const FieldBoxes = ({ box }: { box: FieldBox }) => {
  const { store } = useEditor();
  const pages = useEditorSelector(store, (state) =>
    box.repeatsValue ? pagesOfCopies(state.history.present, box.label) : '',
  );
  if (!canAddCopyBox(box)) return null;
  return (
    <div data-testid="field-boxes">
      {box.repeatsValue && pages.includes(',') && (
        <Text size="sm" mb={4}>
          Prints its value in each of its boxes (pages {pages}). Size and alignment are per box.
        </Text>
      )}
      <Button variant="light" size="xs" onClick={() => store.addCopyBox(box.id)}>
        Add a box for this field
      </Button>
    </div>
  );
};

/** What an imported field prints without a payload value: its form's own value (product.md#what-is-stored). */
const FormValueNote = ({ box }: { box: FieldBox }) => {
  if (box.default === undefined) return null;
  const value =
    typeof box.default === 'boolean' ? (box.default ? 'ticked' : 'unticked') : `“${box.default}”`;
  return (
    <Text size="sm" data-testid="field-default">
      {box.fixed
        ? `Prints ${value} in every document; a payload does not set it (read-only in the form).`
        : `Prints ${value} when a payload leaves it out (the form's own value).`}
    </Text>
  );
};

/** The pages of a repeated field's boxes, as one string (a selector must return a stable value). */
const pagesOfCopies = (doc: EditorDocument, label: string) =>
  doc.order
    .map((id) => doc.boxes[id])
    .filter((other) => other?.repeatsValue && other.label === label)
    .map((other) => other!.page)
    .join(', ');

/**
 * The field configuration panel (product.md#screens-and-routes): type and label (required), font size 10–24, family,
 * alignment, colour, box order for linked text, and the box's position and size in points.
 */
export const FieldPanel = ({ id }: { id: BoxId }) => {
  const { store } = useEditor();
  const box = useEditorSelector(store, (state) => state.history.present.boxes[id]);
  const isInvalid = useEditorSelector(store, (state) => state.invalidIds.has(id));
  if (!box) return null;
  return (
    <Stack
      gap="sm"
      data-testid="field-panel"
      onKeyDown={(event) => {
        // Escape in a text input goes back to the field; an open list closes first (Mantine).
        const target = event.target as HTMLElement;
        if (event.key !== 'Escape' || target.getAttribute('aria-expanded') === 'true') return;
        if (target.tagName === 'INPUT' && focusSelectedBox()) event.preventDefault();
      }}
    >
      <SettingsForm
        id={id}
        type={box.type}
        label={box.label}
        fontSize={box.fontSize}
        fontFamily={box.fontFamily}
        textAlign={box.textAlign}
        fontColor={box.fontColor}
        order={box.order}
        options={box.options}
        format={box.format}
        barcode={box.barcode}
        table={box.table}
        language={box.language}
        template={box.template}
        signature={box.signature}
        isInvalid={isInvalid}
        hasBadOptions={!hasUsableOptions(box)}
      />
      <RepeatOnContinuedPages
        id={id}
        page={box.page}
        repeat={box.repeatOnContinuedPages !== false}
        onChange={(repeat) =>
          store.apply((doc) =>
            configureBox(doc, { id, settings: { repeatOnContinuedPages: repeat } }),
          )
        }
      />
      <FormValueNote box={box} />
      <FieldBoxes box={box} />
      <div>
        <Text size="sm" fw={500} mb={4}>
          Position and size (pt, page {box.page})
        </Text>
        <Geometry key={id} id={id} />
      </div>
    </Stack>
  );
};

import {
  Button,
  Card,
  Grid,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  useComputedColorScheme,
} from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { FIT_REPORT_HEADER, type ChoiceOption, type ValueFormat } from '@platen/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LazyAceJsonView } from '../../../components/code-view/LazyAceJsonView.tsx';
import { readEditorTheme } from '../../../components/code-view/editor-theme.ts';
import { missingGlyphsOf, warnOfMissingGlyphs } from '../../../components/files/missing-glyphs.ts';
import { openPdfInNewTab, showGenerationError } from '../../../components/files/open-pdf.tsx';
import { generatePdf } from '../api/generate-document.ts';
import { useVersionFields } from '../api/get-version-fields.ts';
import { useValueFormats } from '../hooks/use-value-formats.ts';
import { batchFields } from '../model/batch-values.ts';
import { firstNoted, fitNotesOf, fitSummary, type FitNote } from '../model/fit-notes.ts';
import { kindsOfPayload, payloadPreview } from '../model/field-kinds.ts';
import { versionToFill, type VersionChoice } from '../model/version-choice.ts';
import { previewTemplate } from '../model/template-preview.ts';
import { formForVersion } from '../model/version-fields.ts';
import { ArrayInput } from './ArrayInput.tsx';
import { TableRowsInput, type RowsColumn } from '../../../field-kinds/table/TableRowsInput.tsx';
import { BatchPanel } from './BatchPanel.tsx';
import { FitNoted, FitSummary } from './FitNoted.tsx';
import { SignatureInput } from '../../../field-kinds/signature/SignatureInput.tsx';
import { ValueInput } from './ValueInput.tsx';
import { VersionPicker } from './VersionPicker.tsx';

/** `?form=batch` keeps the batch mode across Back and reload, as `?tab=` keeps the tab. */
const MODE_PARAM = 'form';

type Payload = { templateName: string; fields: Record<string, unknown> };

type DocumentFormProps = {
  payload: Payload;
  apiKey: string;
  /** The labels of the template's image fields: each gets a picture input, whatever its name. */
  imageFields: readonly string[];
  /** The labels of the template's long text fields: each gets a text area. */
  longTextFields?: readonly string[];
  /** The options of the template's choice fields, by label: each gets a select. */
  choiceFields?: Readonly<Record<string, readonly ChoiceOption[]>>;
  /** What the template's fields ask for, by label (imported tooltips): shown under their inputs. */
  descriptions?: Readonly<Record<string, string>>;
  /** The columns of the template's table fields, by label: each gets a rows editor. */
  tableFields?: Readonly<Record<string, readonly RowsColumn[]>>;
  /**
   * The template's fields that print a template of other fields, by label: not in the payload,
   * shown read-only and filled with the form's values.
   */
  templateFields?: Readonly<Record<string, string>>;
  /** The formats of the template's formatted fields, by label: template fields preview with them. */
  formats?: Readonly<Record<string, ValueFormat>>;
  /** The labels of the image fields offered as a signature pad. */
  signatureFields?: readonly string[];
  /**
   * The template's latest published version (null: never published), which `payload` was built
   * from, and the draft's revision.
   */
  publication: { publishedVersion: number | null; revision: number };
};

/**
 * product.md#screens-and-routes Form tab: a form built from the template's api payload (typing rules of
 * product.md#validation), or from the payload schema of the version chosen when that is another, a live
 * JSON preview, and Generate, which opens the PDF in a new tab; or, in batch mode, one
 * document per row of a file, with the same fields and kinds.
 */
export const DocumentForm = ({
  payload,
  apiKey,
  imageFields,
  longTextFields = [],
  choiceFields = {},
  descriptions = {},
  templateFields = {},
  formats = {},
  signatureFields = [],
  tableFields = {},
  publication,
}: DocumentFormProps) => {
  const [fields, setFields] = useState<Record<string, unknown>>(payload.fields);
  const [kinds] = useState(() =>
    kindsOfPayload(payload.fields, imageFields, Object.keys(choiceFields), longTextFields),
  );
  const [isGenerating, setIsGenerating] = useState(false);
  const printValue = useValueFormats(formats);
  // What the last Generate's fit report said of each field; a field's note goes when it is edited.
  const [fitNotes, setFitNotes] = useState<Record<string, FitNote>>({});
  const scheme = useComputedColorScheme('dark');
  const [choice, setChoice] = useState<VersionChoice>('api');
  const version = versionToFill(choice, publication.publishedVersion);
  // The payload is what the API fills by default; the draft may have other fields, and shows its own.
  const versionFields = useVersionFields(payload.templateName, version, {
    version: versionToFill('api', publication.publishedVersion),
    revision: publication.revision,
  });
  const shown = versionFields
    ? formForVersion(versionFields, { fields, kinds })
    : { fields, kinds };
  const body = { templateName: payload.templateName, version, fields: shown.fields };
  // A choice field only the chosen version has takes its options from the version's schema.
  // A table only the chosen version has takes its columns from its rows.
  const columnsOf = (label: string, rows: unknown[]): readonly RowsColumn[] =>
    tableFields[label] ??
    [...new Set(rows.flatMap((row) => Object.keys(row as object)))].map((column) => ({
      label: column,
    }));
  const optionsOf = (label: string) =>
    choiceFields[label] ?? versionFields?.find((field) => field.label === label)?.options;
  const [params, setParams] = useSearchParams();
  const isBatch = params.get(MODE_PARAM) === 'batch';
  const setMode = (mode: string) =>
    setParams((old) => {
      const next = new URLSearchParams(old);
      if (mode === 'batch') next.set(MODE_PARAM, 'batch');
      else next.delete(MODE_PARAM);
      return next;
    });
  // The batch file's columns: the fields and kinds of the form shown, so both modes agree.
  const columns = batchFields(
    shown.kinds,
    Object.fromEntries(Object.keys(shown.kinds).map((label) => [label, optionsOf(label)])),
    Object.keys(shown.fields).filter((label) => Array.isArray(shown.fields[label])),
  );
  const versionPicker = (
    <VersionPicker
      choice={choice}
      onChange={setChoice}
      publishedVersion={publication.publishedVersion}
      action={isBatch ? 'Start' : 'Generate'}
    />
  );
  const set = (name: string) => (value: unknown) => {
    setFields((old) => ({ ...old, [name]: value }));
    setFitNotes((old) =>
      name in old
        ? Object.fromEntries(Object.entries(old).filter(([label]) => label !== name))
        : old,
    );
  };
  const summary = fitSummary(fitNotes);

  const generate = async () => {
    setIsGenerating(true);
    try {
      const { blob, headers } = await generatePdf(body, apiKey);
      openPdfInNewTab(blob);
      setFitNotes(fitNotesOf(headers.get(FIT_REPORT_HEADER)));
      warnOfMissingGlyphs(missingGlyphsOf(headers));
    } catch (error) {
      showGenerationError(error);
    } finally {
      setIsGenerating(false);
    }
  };

  const modeSwitch = (
    <SegmentedControl
      aria-label="Documents to make"
      value={isBatch ? 'batch' : 'one'}
      onChange={setMode}
      data={[
        { label: 'One document', value: 'one' },
        { label: 'Batch', value: 'batch' },
      ]}
      w="fit-content"
    />
  );

  if (isBatch) {
    return (
      <Stack gap="md">
        {modeSwitch}
        <BatchPanel
          templateName={payload.templateName}
          version={version}
          fields={columns}
          versionPicker={versionPicker}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {modeSwitch}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Card withBorder>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void generate();
              }}
            >
              <Stack gap="sm">
                <Title order={3} size="h5">
                  Form
                </Title>
                {/* product.md#validation: read-only; labelled in words, not by its key in the payload. */}
                <TextInput
                  label="Template name"
                  value={payload.templateName}
                  readOnly
                  data-testid="form-template-name"
                />
                {versionPicker}
                {Object.keys(shown.fields).length === 0 && (
                  <Text size="sm" c="dimmed">
                    This template has no fields yet: draw some in Edit template.
                  </Text>
                )}
                {Object.entries(shown.fields).map(([name, value]) => (
                  <FitNoted key={name} label={name} note={fitNotes[name]}>
                    {shown.kinds[name] === 'table' && Array.isArray(value) ? (
                      <TableRowsInput
                        name={name}
                        columns={columnsOf(name, value)}
                        rows={value as Record<string, unknown>[]}
                        onChange={set(name)}
                      />
                    ) : Array.isArray(value) ? (
                      <ArrayInput
                        name={name}
                        kind={shown.kinds[name] ?? 'text'}
                        items={value}
                        onChange={set(name)}
                      />
                    ) : signatureFields.includes(name) ? (
                      <SignatureInput
                        label={name}
                        value={value}
                        description={descriptions[name]}
                        onChange={set(name)}
                      />
                    ) : (
                      <ValueInput
                        name={name}
                        kind={shown.kinds[name] ?? 'text'}
                        label={name}
                        value={value}
                        options={optionsOf(name)}
                        description={descriptions[name]}
                        onChange={set(name)}
                      />
                    )}
                  </FitNoted>
                ))}
                {Object.entries(templateFields).map(([label, template]) => (
                  <Textarea
                    key={label}
                    label={label}
                    description="Filled from the fields it names, as the document prints them"
                    inputWrapperOrder={['label', 'input', 'description']}
                    value={previewTemplate(template, shown.fields, choiceFields, printValue)}
                    readOnly
                    autosize
                    minRows={1}
                    maxRows={6}
                    data-testid="template-preview"
                  />
                ))}
                <Button
                  type="submit"
                  loading={isGenerating}
                  leftSection={<IconFileTypePdf size={16} aria-hidden />}
                >
                  Generate
                </Button>
                {summary && (
                  <FitSummary
                    summary={summary}
                    first={firstNoted(Object.keys(shown.fields), fitNotes)}
                  />
                )}
              </Stack>
            </form>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Card withBorder>
            <Title order={3} size="h5" mb="sm">
              Payload
            </Title>
            <LazyAceJsonView
              value={payloadPreview(body)}
              theme={readEditorTheme(scheme)}
              label="Payload preview"
              height={420}
              testId="json-preview"
            />
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
};

import {
  ActionIcon,
  Button,
  Card,
  Fieldset,
  Grid,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useComputedColorScheme } from '@mantine/core';
import { IconFileTypePdf, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ChoiceOption } from '@platen/contract';
import { useState } from 'react';
import { LazyAceJsonView } from '../../../components/code-view/LazyAceJsonView.tsx';
import { readEditorTheme } from '../../../components/code-view/editor-theme.ts';
import { missingGlyphsOf, warnOfMissingGlyphs } from '../../../components/files/missing-glyphs.ts';
import { openPdfInNewTab, showGenerationError } from '../../../components/files/open-pdf.tsx';
import { generatePdf } from '../api/generate-document.ts';
import { blankLike, kindsOfPayload, payloadPreview, type FieldKind } from '../model/field-kinds.ts';
import { useVersionFields } from '../api/get-version-fields.ts';
import { versionToFill, type VersionChoice } from '../model/version-choice.ts';
import { formForVersion } from '../model/version-fields.ts';
import { ValueInput } from './ValueInput.tsx';
import { VersionPicker } from './VersionPicker.tsx';

type Payload = { templateName: string; fields: Record<string, unknown> };

type DocumentFormProps = {
  payload: Payload;
  apiKey: string;
  /** The labels of the template's image fields: each gets a picture input, whatever its name. */
  imageFields: readonly string[];
  /** The options of the template's choice fields, by label: each gets a select. */
  choiceFields?: Readonly<Record<string, readonly ChoiceOption[]>>;
  /** The template's latest published version (null: never published): the selector's choices. */
  publication: { publishedVersion: number | null };
};

const ArrayInput = ({
  name,
  kind,
  items,
  onChange,
}: {
  name: string;
  kind: FieldKind;
  items: unknown[];
  onChange: (next: unknown[]) => void;
}) => (
  <Fieldset legend={name} variant="filled">
    <Stack gap="xs">
      {items.map((item, index) => (
        <Group key={index} align="flex-end" wrap="nowrap" gap="xs">
          <div style={{ flex: 1 }}>
            <ValueInput
              name={name}
              kind={kind}
              label={`${name} ${index + 1}`}
              value={item}
              onChange={(value) => onChange(items.map((old, i) => (i === index ? value : old)))}
            />
          </div>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${name} ${index + 1}`}
            onClick={() => onChange(items.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        size="compact-sm"
        leftSection={<IconPlus size={14} aria-hidden />}
        onClick={() => onChange([...items, blankLike(items)])}
        w="fit-content"
      >
        Add {name}
      </Button>
    </Stack>
  </Fieldset>
);

/**
 * product.md §2 Form tab: a form built from the template's api payload (typing rules of product.md §5),
 * a live JSON preview, and Generate, which opens the PDF in a new tab.
 */
export const DocumentForm = ({
  payload,
  apiKey,
  imageFields,
  choiceFields = {},
  publication,
}: DocumentFormProps) => {
  const [fields, setFields] = useState<Record<string, unknown>>(payload.fields);
  const [kinds] = useState(() =>
    kindsOfPayload(payload.fields, imageFields, Object.keys(choiceFields)),
  );
  const [isGenerating, setIsGenerating] = useState(false);
  const scheme = useComputedColorScheme('dark');
  const [choice, setChoice] = useState<VersionChoice>('api');
  const version = versionToFill(choice, publication.publishedVersion);
  // A published version may have other fields than the draft: its form shows its own.
  const versionFields = useVersionFields(payload.templateName, version);
  const shown = versionFields
    ? formForVersion(versionFields, { fields, kinds })
    : { fields, kinds };
  const body = { templateName: payload.templateName, version, fields: shown.fields };
  const set = (name: string) => (value: unknown) => setFields((old) => ({ ...old, [name]: value }));

  const generate = async () => {
    setIsGenerating(true);
    try {
      const { blob, headers } = await generatePdf(body, apiKey);
      openPdfInNewTab(blob);
      warnOfMissingGlyphs(missingGlyphsOf(headers));
    } catch (error) {
      showGenerationError(error);
    } finally {
      setIsGenerating(false);
    }
  };

  return (
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
              <TextInput
                label="templateName"
                value={payload.templateName}
                readOnly
                data-testid="form-template-name"
              />
              <VersionPicker
                choice={choice}
                onChange={setChoice}
                publishedVersion={publication.publishedVersion}
              />
              {Object.keys(shown.fields).length === 0 && (
                <Text size="sm" c="dimmed">
                  This template has no fields yet: draw some in Edit template.
                </Text>
              )}
              {Object.entries(shown.fields).map(([name, value]) =>
                Array.isArray(value) ? (
                  <ArrayInput
                    key={name}
                    name={name}
                    kind={shown.kinds[name] ?? 'text'}
                    items={value}
                    onChange={set(name)}
                  />
                ) : (
                  <ValueInput
                    key={name}
                    name={name}
                    kind={shown.kinds[name] ?? 'text'}
                    label={name}
                    value={value}
                    options={choiceFields[name]}
                    onChange={set(name)}
                  />
                ),
              )}
              <Button
                type="submit"
                loading={isGenerating}
                leftSection={<IconFileTypePdf size={16} aria-hidden />}
              >
                Generate
              </Button>
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
  );
};

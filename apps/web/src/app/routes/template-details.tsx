import { ErrorAlert } from '../../components/feedback/ErrorAlert.tsx';
import { Card, Skeleton, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { DocumentForm } from '../../features/document-form/components/DocumentForm.tsx';
import { defaultNote } from '../../features/document-form/model/default-note.ts';
import { useTemplate } from '../../features/template-editor/api/get-template.ts';
import { TemplateDetailsPage } from '../../features/template-editor/components/TemplateDetailsPage.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { barcodeHint } from '../../field-kinds/barcode/barcode-hint.ts';

export default function TemplateDetailsRoute() {
  const { templateName = '' } = useParams();
  const template = useTemplate(templateName);
  if (template.data) {
    return (
      <TemplateDetailsPage
        key={template.data.id}
        template={template.data}
        renderForm={(t) => (
          <DocumentForm
            // Its values start from the example payload, which a save or a publish changes.
            key={`${t.lastUpdate} ${String(t.publishedVersion)}`}
            payload={t.api}
            apiKey={t.apiKey}
            imageFields={t.inputs.filter((input) => input.type === 'IMAGE').map((i) => i.label)}
            longTextFields={t.inputs
              .filter((input) => input.type === 'LONG_TEXT')
              .map((i) => i.label)}
            choiceFields={Object.fromEntries(
              t.inputs.flatMap((input) =>
                input.type === 'CHOICE' ? [[input.label, input.options ?? []]] : [],
              ),
            )}
            descriptions={Object.fromEntries(
              t.inputs.flatMap((input) => {
                const notes = [
                  input.description ?? barcodeHint(input.barcode),
                  defaultNote(input),
                ].filter(Boolean);
                return notes.length > 0 ? [[input.label, notes.join(' ')]] : [];
              }),
            )}
            templateFields={Object.fromEntries(
              t.inputs.flatMap((input) =>
                input.template === undefined ? [] : [[input.label, input.template]],
              ),
            )}
            formats={Object.fromEntries(
              t.inputs.flatMap((input) => (input.format ? [[input.label, input.format]] : [])),
            )}
            signatureFields={t.inputs.filter((input) => input.signature).map((i) => i.label)}
            tableFields={Object.fromEntries(
              t.inputs.flatMap((input) =>
                input.table ? [[input.label, input.table.columns]] : [],
              ),
            )}
            publication={t}
          />
        )}
      />
    );
  }
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {templateName}
      </Title>
      {template.isError ? (
        <ErrorAlert title="This template cannot be opened">
          {errorMessage(template.error)}
        </ErrorAlert>
      ) : (
        <Card aria-busy>
          <Skeleton h={480} />
        </Card>
      )}
    </Stack>
  );
}

import '@mantine/dropzone/styles.css';
import {
  Button,
  Card,
  Group,
  Input,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import type { BatchOutput } from '@platen/contract';
import { IconFileSpreadsheet, IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { showGenerationError } from '../../../components/files/open-pdf.tsx';
import { jobKeys, startBatch } from '../api/jobs.ts';
import { useBatchFile } from '../hooks/use-batch-file.ts';
import { hasErrors } from '../model/batch-check.ts';
import { unknownPlaceholders } from '../model/file-name-pattern.ts';
import type { BatchField } from '../model/batch-values.ts';
import { BatchFileReport } from './BatchFileReport.tsx';
import { JobProgress } from './JobProgress.tsx';
import { TemplateJobs } from './TemplateJobs.tsx';

/** What a batch file may be: CSV (some systems name it text/plain or Excel's type) or JSON. */
const ACCEPTED = {
  'text/csv': ['.csv'],
  'text/plain': ['.csv', '.txt'],
  'application/vnd.ms-excel': ['.csv'],
  'application/json': ['.json'],
};

type BatchPanelProps = {
  templateName: string;
  version: number | 'draft';
  /** The columns the file may have: the fields of the form for that version. */
  fields: readonly BatchField[];
  /** The version picker, shared with the one-document form. */
  versionPicker: ReactNode;
};

/**
 * The Form tab's batch mode: a CSV or JSON file of rows checked before anything is sent, the
 * output chosen, Start, the job's live progress and downloads, and the template's recent jobs.
 */
export const BatchPanel = ({ templateName, version, fields, versionPicker }: BatchPanelProps) => {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [isRefused, setIsRefused] = useState(false);
  const [output, setOutput] = useState<BatchOutput>('zip');
  const [fileName, setFileName] = useState('');
  const [isStarting, setIsStarting] = useState(false);
  const [started, setStarted] = useState<{ jobId: string; rowNumbers: number[] } | null>(null);
  const state = useBatchFile(file, fields);
  const check = state.status === 'read' ? state.check : null;
  const pattern = fileName.trim();
  const badPlaceholders = unknownPlaceholders(
    pattern,
    fields.map((field) => field.label),
  );
  const body = check && {
    templateName,
    version,
    items: check.items,
    output,
    ...(pattern ? { fileName: pattern } : {}),
  };
  // One key per batch as prepared, new when what would be sent changes or once it started: the
  // same batch sent again (a double submit, a retry after a lost answer) gets the first job back
  // instead of starting a second one.
  const idempotencyKey = useMemo(
    () => crypto.randomUUID(),
    [check, output, pattern, version, started],
  );
  const canStart = check !== null && !hasErrors(check) && badPlaceholders.length === 0;

  const start = async () => {
    if (!body || !check) return;
    setIsStarting(true);
    try {
      const job = await startBatch(body, idempotencyKey);
      queryClient.setQueryData(jobKeys.one(job.id), job);
      setStarted({ jobId: job.id, rowNumbers: check.rowNumbers });
      void queryClient.invalidateQueries({ queryKey: jobKeys.ofTemplate(templateName) });
    } catch (error) {
      // product.md#errors: as for a single document (the plan's quota, a 402, included).
      showGenerationError(error);
    } finally {
      setIsStarting(false);
    }
  };

  return (
    <Stack gap="md">
      <Card withBorder>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (canStart) void start();
          }}
        >
          <Stack gap="sm">
            <Title order={3} size="h5">
              Batch
            </Title>
            <Text size="sm" c="dimmed">
              One document per row of a CSV file (its header row names the fields by their labels)
              or per object of a JSON array; up to 10,000.
            </Text>
            {versionPicker}
            <Input.Wrapper label="Rows file">
              <Dropzone
                mt={4}
                onDrop={(files) => {
                  setIsRefused(false);
                  setFile(files[0] ?? null);
                }}
                onReject={() => {
                  setIsRefused(true);
                  setFile(null);
                }}
                accept={ACCEPTED}
                multiple={false}
                radius="md"
                aria-label="Rows file: drop a CSV or JSON file here or click to choose one"
                inputProps={{ 'aria-label': 'Rows file (CSV or JSON)' }}
                data-testid="batch-dropzone"
              >
                <Group justify="center" gap="md" mih={72} style={{ pointerEvents: 'none' }}>
                  <IconFileSpreadsheet size={32} stroke={1.5} aria-hidden />
                  <div>
                    <Text fw={500}>Drop a CSV or JSON file here or click to choose one</Text>
                    <Text size="sm" c="dimmed" data-testid="batch-file-name">
                      {file
                        ? file.name
                        : isRefused
                          ? 'Choose one .csv or .json file.'
                          : 'No file chosen'}
                    </Text>
                  </div>
                </Group>
              </Dropzone>
            </Input.Wrapper>
            {state.status === 'reading' && (
              <Group gap="xs" aria-live="polite">
                <Loader size="xs" />
                <Text size="sm">Checking the rows…</Text>
              </Group>
            )}
            {state.status === 'unreadable' && (
              <Text size="sm" c="red" role="alert">
                {state.reason}
              </Text>
            )}
            {check && <BatchFileReport check={check} />}
            <Input.Wrapper label="Output">
              <SegmentedControl
                mt={4}
                display="flex"
                aria-label="Output"
                value={output}
                onChange={(value) => setOutput(value as BatchOutput)}
                data={[
                  { label: 'ZIP', value: 'zip' },
                  { label: 'Merged PDF', value: 'merged' },
                  { label: 'Both', value: 'both' },
                ]}
              />
            </Input.Wrapper>
            <TextInput
              label="File names in the ZIP"
              description="Optional: {label} is replaced by the row's value, {index} by its number."
              placeholder="invoice-{number}.pdf"
              value={fileName}
              onChange={(event) => setFileName(event.currentTarget.value)}
              disabled={output === 'merged'}
              error={
                badPlaceholders.length > 0
                  ? `No field is labelled ${badPlaceholders.map((p) => `"${p}"`).join(', ')}.`
                  : undefined
              }
              maxLength={200}
            />
            <Button
              type="submit"
              disabled={!canStart}
              loading={isStarting}
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              w="fit-content"
            >
              Start
            </Button>
          </Stack>
        </form>
      </Card>
      {started && (
        <JobProgress key={started.jobId} jobId={started.jobId} rowNumbers={started.rowNumbers} />
      )}
      <TemplateJobs templateName={templateName} />
    </Stack>
  );
};

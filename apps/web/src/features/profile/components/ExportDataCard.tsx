import { Alert, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { AccountExport } from '@platen/contract';
import { IconDownload } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { showApiError } from '../../../components/feedback/show-api-error.ts';
import { JobStatusBadge } from '../../../components/jobs/JobStatusBadge.tsx';
import { formatJobTime, isJobActive } from '../../../components/jobs/job-status.ts';
import { useAccountExport, useStartAccountExport } from '../api/account-export.ts';

/** The search parameter that names the export shown; the mail links to it. */
const EXPORT_PARAM = 'export';

const percentOf = ({ progress }: AccountExport) =>
  progress.total === 0 ? 0 : Math.floor((progress.done / progress.total) * 100);

/** The signed link as a path of this app, so it stays on the origin the app was opened on. */
const pathOf = (url: string) => {
  const parsed = new URL(url, window.location.origin);
  return `${parsed.pathname}${parsed.search}`;
};

const ExportProgress = ({ data }: { data: AccountExport }) => {
  const percent = percentOf(data);
  return (
    <Stack gap="xs" data-testid="account-export">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {`Export of ${formatJobTime(data.createdAt)}`}
        </Text>
        <JobStatusBadge status={data.status} />
      </Group>
      {isJobActive(data) && (
        <>
          <Progress value={percent} size="lg" striped animated aria-label="Export progress" />
          <Text size="sm" c="dimmed" data-testid="account-export-progress">
            {data.progress.total === 0
              ? 'Waiting to start…'
              : `${data.progress.done} of ${data.progress.total} files (${percent}%). We will e-mail you when it is ready.`}
          </Text>
        </>
      )}
      {data.download && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {`Ready to download until ${formatJobTime(data.download.expiresAt)}.`}
          </Text>
          <Button
            component="a"
            href={pathOf(data.download.url)}
            download
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Download ZIP
          </Button>
        </Group>
      )}
      {data.status === 'failed' && (
        <Text size="sm" c="red">
          The export could not be made. Please try again.
        </Text>
      )}
    </Stack>
  );
};

/**
 * "Export my data": a ZIP of the account prepared in the background, its progress while it
 * runs, then its download. The export's id lives in the URL, so a reload or the mail's link
 * shows it again.
 */
export const ExportDataCard = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const exportId = searchParams.get(EXPORT_PARAM);
  const current = useAccountExport(exportId);
  const start = useStartAccountExport();
  const isRunning = current.data !== undefined && isJobActive(current.data);

  const startExport = () =>
    start.mutate(undefined, {
      onSuccess: (answer) =>
        setSearchParams(
          (params) => {
            params.set(EXPORT_PARAM, answer.id);
            return params;
          },
          { replace: true },
        ),
      onError: showApiError,
    });

  return (
    <Card component="section" aria-labelledby="export-data-title" withBorder>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="md">
          <div>
            <Title order={3} size="h4" id="export-data-title">
              Export my data
            </Title>
            <Text size="sm" c="dimmed">
              A ZIP of your profile, subscription, usage and every template with its PDFs, versions
              and stamps. It is kept for 24 hours.
            </Text>
          </div>
          <Button
            variant="default"
            onClick={startExport}
            loading={start.isPending}
            disabled={isRunning}
          >
            Export my data
          </Button>
        </Group>
        {current.data && <ExportProgress data={current.data} />}
        {current.isError && (
          <Alert color="yellow" title="This export is no longer available">
            It has expired or belongs to another account. Export your data again.
          </Alert>
        )}
      </Stack>
    </Card>
  );
};

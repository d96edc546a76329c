import { Button, Group } from '@mantine/core';
import type { Job, JobResultKind } from '@platen/contract';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { showApiError } from '../feedback/show-api-error.ts';
import { downloadResult } from './download-job-result.ts';
import { resultLabel } from './job-status.ts';

type JobResultButtonsProps = {
  job: Pick<Job, 'id' | 'templateName' | 'results'>;
  size?: 'xs' | 'sm';
};

/** One download button per result of a job (its ZIP, its merged PDF). */
export const JobResultButtons = ({ job, size = 'sm' }: JobResultButtonsProps) => {
  const [loading, setLoading] = useState<JobResultKind | null>(null);
  const download = async (kind: JobResultKind) => {
    setLoading(kind);
    try {
      await downloadResult(job, kind);
    } catch (error) {
      showApiError(error);
    } finally {
      setLoading(null);
    }
  };
  return (
    <Group gap="xs" wrap="wrap">
      {job.results.map((result) => (
        <Button
          key={result.kind}
          size={size === 'xs' ? 'compact-sm' : 'sm'}
          variant={size === 'xs' ? 'light' : 'filled'}
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={loading === result.kind}
          onClick={() => void download(result.kind)}
          aria-label={`Download ${resultLabel(result.kind)} of the ${job.templateName} job`}
        >
          {resultLabel(result.kind)}
        </Button>
      ))}
    </Group>
  );
};

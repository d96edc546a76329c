import { Button, Card, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import type { Job } from '@platen/contract';
import { IconPlayerStop } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { showApiError } from '../../../components/feedback/show-api-error.ts';
import { JobResultButtons } from '../../../components/jobs/JobResultButtons.tsx';
import { JobStatusBadge } from '../../../components/jobs/JobStatusBadge.tsx';
import { isJobActive, progressPercent, progressText } from '../../../components/jobs/job-status.ts';
import { stopJob, useJob } from '../api/jobs.ts';

type JobProgressProps = {
  jobId: string;
  /** The file's row number of each item, to name the rows that failed; absent: item numbers. */
  rowNumbers?: readonly number[];
};

/** A started batch: a live progress bar, its failures, Cancel while it runs, then its downloads. */
export const JobProgress = ({ jobId, rowNumbers }: JobProgressProps) => {
  const query = useJob(jobId);
  const [isCanceling, setIsCanceling] = useState(false);
  const job = query.data;
  const card = useRef<HTMLDivElement>(null);
  const status = job?.status;
  const hasShownOnce = useRef(false);
  // The card opens below the Start button, often below the fold: bring it into view when it first
  // shows, and again when its status changes (the downloads appear) while the user still watches
  // it, so a user who scrolled away to read something else is not pulled back.
  useEffect(() => {
    const element = card.current;
    if (!element || !status) return;
    if (hasShownOnce.current && !isPartlyInView(element)) return;
    hasShownOnce.current = true;
    element.scrollIntoView({ block: 'nearest', behavior: scrollBehavior() });
  }, [status]);
  if (!job) return null;
  const percent = progressPercent(job);

  const cancel = async () => {
    setIsCanceling(true);
    try {
      await stopJob(job.id);
      await query.refetch();
    } catch (error) {
      showApiError(error);
    } finally {
      setIsCanceling(false);
    }
  };

  return (
    <Card ref={card} withBorder data-testid="batch-job" aria-labelledby="batch-job-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={4} size="h6" id="batch-job-title">
            This batch
          </Title>
          <JobStatusBadge status={job.status} />
        </Group>
        <Progress
          value={percent}
          size="lg"
          striped={isJobActive(job)}
          animated={isJobActive(job)}
          aria-label="Batch progress"
          color={job.progress.failed > 0 ? 'orange' : 'brand'}
        />
        <Group justify="space-between" gap="xs">
          <Text size="sm" data-testid="batch-percent" fw={600}>
            {`${percent}%`}
          </Text>
          <Text size="sm" c="dimmed" data-testid="batch-counts">
            {progressText(job)}
          </Text>
        </Group>
        {job.failures.length > 0 && <Failures job={job} rowNumbers={rowNumbers} />}
        <Group gap="xs">
          {isJobActive(job) && (
            <Button
              variant="default"
              leftSection={<IconPlayerStop size={16} aria-hidden />}
              loading={isCanceling}
              onClick={() => void cancel()}
            >
              Cancel
            </Button>
          )}
          {job.status === 'succeeded' && <JobResultButtons job={job} />}
        </Group>
      </Stack>
    </Card>
  );
};

const Failures = ({ job, rowNumbers }: { job: Job; rowNumbers?: readonly number[] }) => {
  const more = job.progress.failed - job.failures.length;
  return (
    <Stack gap={4} data-testid="batch-failures">
      <Text size="sm" fw={500}>
        {`Rows that produced no document (${job.progress.failed.toLocaleString('en-US')}):`}
      </Text>
      <List size="sm" spacing={2}>
        {job.failures.map((failure) => (
          <List.Item key={`${failure.index}-${failure.field ?? ''}`}>
            {`${rowNumbers?.[failure.index] !== undefined ? `Row ${rowNumbers[failure.index]}` : `Item ${failure.index + 1}`}${failure.field ? `, ${failure.field}` : ''}: ${failure.message}`}
          </List.Item>
        ))}
      </List>
      {more > 0 && <Text size="sm" c="dimmed">{`…and ${more.toLocaleString('en-US')} more.`}</Text>}
    </Stack>
  );
};

const isPartlyInView = (element: HTMLElement) => {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight;
};

/** Smooth, unless the user asked the system for less motion. */
const scrollBehavior = (): ScrollBehavior =>
  window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';

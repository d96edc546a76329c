import { Card, Text, Title } from '@mantine/core';
import { ErrorAlert } from '../../../components/feedback/ErrorAlert.tsx';
import { RecentJobsTable } from '../../../components/jobs/RecentJobsTable.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useRecentJobs } from '../api/get-recent-jobs.ts';

/** The account's five newest batch jobs, with their downloads (started from a template's Form tab). */
export const RecentJobsCard = () => {
  const jobs = useRecentJobs();
  return (
    <Card component="section" aria-labelledby="recent-jobs-title" data-testid="recent-jobs-card">
      <Title order={2} size="h4" id="recent-jobs-title">
        Recent jobs
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="sm">
        Batches started from a template&apos;s Form tab or the API.
      </Text>
      {jobs.isError ? (
        <ErrorAlert title="The jobs cannot be shown">{errorMessage(jobs.error)}</ErrorAlert>
      ) : (
        <RecentJobsTable jobs={jobs.data?.jobs} showsTemplate caption="Recent jobs" />
      )}
    </Card>
  );
};

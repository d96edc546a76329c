import { Card, Title } from '@mantine/core';
import { ErrorAlert } from '../../../components/feedback/ErrorAlert.tsx';
import { RecentJobsTable } from '../../../components/jobs/RecentJobsTable.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useTemplateJobs } from '../api/jobs.ts';

/** The template's five newest batch jobs, under the batch form. */
export const TemplateJobs = ({ templateName }: { templateName: string }) => {
  const jobs = useTemplateJobs(templateName);
  return (
    <Card withBorder component="section" aria-labelledby="template-jobs-title">
      <Title order={3} size="h5" mb="sm" id="template-jobs-title">
        Recent jobs
      </Title>
      {jobs.isError ? (
        <ErrorAlert title="The jobs cannot be shown">{errorMessage(jobs.error)}</ErrorAlert>
      ) : (
        <RecentJobsTable jobs={jobs.data?.jobs} caption={`Recent jobs of ${templateName}`} />
      )}
    </Card>
  );
};

import { Skeleton, Table, Text } from '@mantine/core';
import type { Job } from '@platen/contract';
import { JobResultButtons } from './JobResultButtons.tsx';
import { JobStatusBadge } from './JobStatusBadge.tsx';
import { formatJobTime, progressText } from './job-status.ts';

type RecentJobsTableProps = {
  /** Newest first; undefined while they load. */
  jobs: Job[] | undefined;
  /** The dashboard lists every template's jobs and names the template of each. */
  showsTemplate?: boolean;
  caption: string;
};

/** Recent batch jobs: status, documents done and failed, when, and their downloads. */
export const RecentJobsTable = ({ jobs, showsTemplate = false, caption }: RecentJobsTableProps) => {
  if (!jobs) return <Skeleton h={120} aria-busy />;
  if (jobs.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-jobs">
        No batch jobs yet.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={showsTemplate ? 620 : 520} type="native">
      <Table verticalSpacing="xs" data-testid="recent-jobs" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {showsTemplate && <Table.Th scope="col">Template</Table.Th>}
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Documents</Table.Th>
            <Table.Th scope="col">Started</Table.Th>
            <Table.Th scope="col">Results</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => (
            <Table.Tr key={job.id} data-testid="recent-job">
              {showsTemplate && <Table.Td>{job.templateName}</Table.Td>}
              <Table.Td>
                <JobStatusBadge status={job.status} />
              </Table.Td>
              <Table.Td>{progressText(job)}</Table.Td>
              <Table.Td>{formatJobTime(job.createdAt)}</Table.Td>
              <Table.Td>
                {job.results.length > 0 ? (
                  <JobResultButtons job={job} size="xs" />
                ) : (
                  <Text size="sm" c="dimmed">
                    None
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

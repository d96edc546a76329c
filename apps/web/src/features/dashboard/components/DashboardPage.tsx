import { Alert, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendarTime, IconFileStack, IconFiles, IconTemplate } from '@tabler/icons-react';
import { paths } from '../../../config/paths.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { useEmailNotConfirmedToast } from '../hooks/use-email-not-confirmed-toast.tsx';
import { RecentJobsCard } from './RecentJobsCard.tsx';
import { StatCard } from './StatCard.tsx';
import { UsageChartCard } from './UsageChartCard.tsx';

/**
 * product.md#screens-and-routes Dashboard: the four cards with their links, the 'Documents Generated' chart, and
 * the account's recent batch jobs.
 */
export const DashboardPage = () => {
  const dashboard = useDashboard();
  const data = dashboard.data;
  useEmailNotConfirmedToast(data?.emailConfirmed);

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} size="h3">
          Overview
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          Your documents, plan and templates at a glance.
        </Text>
      </div>
      {dashboard.isError && (
        <Alert color="red" title="The dashboard could not be loaded">
          {dashboard.error.message}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <StatCard
          label="Total Documents Generated"
          icon={<IconFiles size={22} />}
          color="brand"
          value={data?.documentsGenerated}
          hint="All time"
        />
        <StatCard
          label="Remaining days of subscription"
          icon={<IconCalendarTime size={22} />}
          color="teal"
          to={paths.subscription}
          value={data?.remainingSubscriptionDays}
          hint={data?.voucher ? 'Voucher plan' : 'Current plan'}
        />
        <StatCard
          label="Remaining documents"
          icon={<IconFileStack size={22} />}
          color="orange"
          to={paths.subscription}
          value={data?.remainingDocuments}
          hint="This billing cycle"
        />
        <StatCard
          label="Templates Available"
          icon={<IconTemplate size={22} />}
          color="grape"
          to={paths.templates}
          value={data?.templatesAvailable}
          hint="Open your templates"
        />
      </SimpleGrid>
      <UsageChartCard data={data} />
      <RecentJobsCard />
    </Stack>
  );
};

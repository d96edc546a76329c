import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconCalendarTime,
  IconChartBar,
  IconFileStack,
  IconFiles,
  IconTemplate,
} from '@tabler/icons-react';
import { EmptyState } from '../../../components/feedback/EmptyState.tsx';
import { paths } from '../../../config/paths.ts';
import { StatCard } from './StatCard.tsx';

/**
 * SPEC §2 Dashboard: the four cards and the usage chart. Their figures come from the billing
 * part of the API; until then every card shows its empty state.
 */
export const DashboardFrame = () => (
  <Stack gap="lg">
    <div>
      <Title order={2} size="h3">
        Overview
      </Title>
      <Text c="dimmed" size="sm" mt={4}>
        Your documents, plan and templates at a glance.
      </Text>
    </div>
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <StatCard label="Total Documents Generated" icon={<IconFiles size={22} />} color="brand" />
      <StatCard
        label="Remaining days of subscription"
        icon={<IconCalendarTime size={22} />}
        color="teal"
        to={paths.subscription}
      />
      <StatCard
        label="Remaining documents"
        icon={<IconFileStack size={22} />}
        color="orange"
        to={paths.subscription}
      />
      <StatCard
        label="Templates Available"
        icon={<IconTemplate size={22} />}
        color="grape"
        to={paths.templates}
      />
    </SimpleGrid>
    <Card>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h4">
          Documents Generated
        </Title>
      </Group>
      <EmptyState
        icon={<IconChartBar size={26} />}
        title="No usage to show yet"
        description="Once you generate documents, this chart shows how many you made each month."
        order={4}
      />
    </Card>
  </Stack>
);

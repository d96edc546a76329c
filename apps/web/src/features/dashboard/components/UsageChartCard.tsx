import {
  Card,
  Group,
  Skeleton,
  Switch,
  Table,
  Text,
  Title,
  useComputedColorScheme,
  useMantineTheme,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { DashboardResponse } from '@platen/contract';
import { lazy, Suspense, useMemo, useState } from 'react';
import {
  monthName,
  usageChartOption,
  type ChartPalette,
  type ChartToggles,
} from '../model/usage-chart-option.ts';
import { UsageTrend } from './UsageTrend.tsx';

const EChart = lazy(() => import('./EChart.tsx'));

/** product.md#constants: the chart is 300 px high, 250 px under 575 px wide. */
const chartHeight = (isNarrow: boolean) => (isNarrow ? 250 : 300);

const usePalette = (): ChartPalette => {
  const theme = useMantineTheme();
  const isDark = useComputedColorScheme('dark') === 'dark';
  // A new object only when the scheme changes: a new option would redraw the chart.
  return useMemo(() => {
    const { brand = [], gray, dark } = theme.colors;
    return isDark
      ? { bar: brand[4] ?? '', text: dark[1], line: dark[4], tooltipBg: dark[6] }
      : { bar: brand[6] ?? '', text: gray[7], line: gray[3], tooltipBg: theme.white };
  }, [isDark, theme]);
};

type UsageChartCardProps = { data: DashboardResponse | undefined };

/** product.md#screens-and-routes 'Documents Generated': the bar chart, its three toggles and this month's trend. */
export const UsageChartCard = ({ data }: UsageChartCardProps) => {
  const isNarrow = useMediaQuery('(max-width: 574.98px)') ?? false;
  const palette = usePalette();
  const [toggles, setToggles] = useState<ChartToggles>({
    showYAxis: true,
    showGrid: true,
    showToolbar: true,
  });
  const option = useMemo(
    () =>
      data &&
      usageChartOption({
        categories: data.usage.categories,
        series: data.usage.series,
        toggles,
        palette,
      }),
    [data, toggles, palette],
  );
  const toggle = (key: keyof ChartToggles, label: string) => (
    <Switch
      label={label}
      size="sm"
      checked={toggles[key]}
      onChange={(event) => setToggles({ ...toggles, [key]: event.currentTarget.checked })}
    />
  );
  const height = chartHeight(isNarrow);
  const placeholder = <Skeleton height={height} radius="md" />;

  return (
    <Card component="section" aria-labelledby="usage-chart-title">
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <div>
          <Title order={2} size="h4" id="usage-chart-title">
            Documents Generated
          </Title>
          {data ? <UsageTrend data={data} /> : <Skeleton height={14} width={180} mt={8} />}
        </div>
        <Group gap="md" role="group" aria-label="Chart options">
          {toggle('showYAxis', 'Y-axis')}
          {toggle('showGrid', 'Grid')}
          {toggle('showToolbar', 'Toolbar')}
        </Group>
      </Group>
      {option ? (
        <Suspense fallback={placeholder}>
          <EChart option={option} height={height} data-testid="usage-chart" />
        </Suspense>
      ) : (
        placeholder
      )}
      {data && (
        <VisuallyHidden>
          <Table data-testid="usage-table">
            <caption>Documents generated per month</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Month</Table.Th>
                <Table.Th scope="col">Documents</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.usage.categories.map((month, index) => (
                <Table.Tr key={month}>
                  <Table.Td>{monthName(month)}</Table.Td>
                  <Table.Td>{data.usage.series[index] ?? 0}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </VisuallyHidden>
      )}
      <Text size="xs" c="dimmed" mt="xs">
        The last 12 months
      </Text>
    </Card>
  );
};

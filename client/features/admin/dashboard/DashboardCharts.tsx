import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { M } from '../../../../shared/messages/admin';
import type { RouterOutputs } from '../../../lib/trpc';
import { formatDayKey } from '../../../lib/format';

type Day = RouterOutputs['admin']['dashboard']['charts'][number];
const dashboardText = M.adminDashboard;

/** Signups, generations and credits used over the last 30 days (Istanbul days). */
export function DashboardCharts({ days }: { days: Day[] }) {
  const data = days.map((d) => ({ ...d, label: formatDayKey(d.day) }));
  return (
    <SimpleGrid cols={{ base: 1 }} spacing="md">
      <Card padding="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="md">
            {dashboardText.chartSignups} · {dashboardText.chartGenerations}
          </Title>
          <Text size="xs" c="dimmed">
            {dashboardText.chartsTitle}
          </Text>
        </Group>
        <AreaChart
          h={220}
          data={data}
          dataKey="label"
          type="default"
          curveType="linear"
          withDots={false}
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 36 }}
          tickLine="none"
          gridAxis="y"
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
          yAxisProps={{ allowDecimals: false, width: 36 }}
          series={[
            { name: 'signups', label: dashboardText.chartSignups, color: 'brand.6' },
            { name: 'images', label: dashboardText.chartImages, color: 'teal.6' },
            { name: 'videos', label: dashboardText.chartVideos, color: 'orange.6' },
          ]}
        />
      </Card>
      <Card padding="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="md">
            {dashboardText.chartCredits}
          </Title>
          <Text size="xs" c="dimmed">
            {dashboardText.chartsTitle}
          </Text>
        </Group>
        <BarChart
          h={220}
          data={data}
          dataKey="label"
          tickLine="none"
          gridAxis="y"
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 36 }}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
          yAxisProps={{ allowDecimals: false, width: 36 }}
          series={[{ name: 'creditsUsed', label: dashboardText.chartCredits, color: 'grape.6' }]}
        />
      </Card>
    </SimpleGrid>
  );
}

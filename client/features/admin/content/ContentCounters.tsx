import { Button, Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconChartBar, IconMessageStar, IconPhoto, IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { M } from '../../../../shared/messages/admin';
import type { RouterOutputs } from '../../../lib/trpc';

type Counts = RouterOutputs['admin']['content']['list']['counts'];
const contentText = M.adminContent;

/** Counters of portfolio items, testimonials, stats and features; the first two link to their pages. */
export function ContentCounters({ counts }: { counts: Counts }) {
  const items = [
    { label: contentText.counterPortfolio, c: counts.portfolio, icon: IconPhoto, color: 'brand', to: '/admin/portfolio' },
    { label: contentText.counterTestimonials, c: counts.testimonials, icon: IconMessageStar, color: 'orange', to: '/admin/testimonials' },
    { label: contentText.counterStats, c: counts.stats, icon: IconChartBar, color: 'teal', to: null },
    { label: contentText.counterFeatures, c: counts.features, icon: IconSparkles, color: 'grape', to: null },
  ];
  return (
    <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      {items.map((i) => (
        <Card key={i.label} p={{ base: 'sm', sm: 'md' }} data-testid="content-counter">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text fz={26} fw={750} lh={1.1}>
                {i.c.total}
              </Text>
              <Text size="sm" fw={500}>
                {i.label}
              </Text>
              <Text size="xs" c="dimmed">
                {contentText.activeOf(i.c.active, i.c.total)}
              </Text>
            </div>
            <ThemeIcon size={38} radius="md" variant="light" color={i.color} visibleFrom="sm">
              <i.icon size={20} stroke={1.7} />
            </ThemeIcon>
          </Group>
          {i.to && (
            <Button component={Link} to={i.to} variant="light" size="xs" mt="sm" w="fit-content">
              {contentText.manage}
            </Button>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}

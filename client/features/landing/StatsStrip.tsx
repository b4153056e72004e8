import { Box, Container, SimpleGrid, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import type { LandingData } from './useLanding';
import { contentColor, contentIcon } from './icons';
import classes from './Landing.module.css';

/** Stats strip under the hero (`site_stats`, or the defaults). */
export function StatsStrip({ title, stats }: { title: string; stats: LandingData['stats'] }) {
  if (stats.length === 0) return null;
  return (
    <Box component="section" className={classes.statsBand} py={{ base: 32, sm: 44 }} aria-labelledby="stats-title">
      <Container>
        <VisuallyHidden>
          <h2 id="stats-title">{title}</h2>
        </VisuallyHidden>
        <SimpleGrid
          cols={{ base: 2, sm: Math.min(stats.length, 4) }}
          spacing={{ base: 'md', sm: 'xl' }}
          verticalSpacing={{ base: 'lg', sm: 'xl' }}
        >
          {stats.map((stat) => {
            const Icon = contentIcon(stat.icon);
            return (
              <Stack key={stat.id} gap={6} align="center" ta="center" data-testid="stat">
                <ThemeIcon variant="light" color={contentColor(stat.iconColor)} size={44} radius="xl">
                  <Icon size={22} stroke={1.7} />
                </ThemeIcon>
                <Text fw={800} fz={{ base: 26, sm: 32 }} lh={1.1} className={classes.statNumber}>
                  {stat.number}
                </Text>
                <Text size="sm" c="dimmed" fw={500}>
                  {stat.label}
                </Text>
              </Stack>
            );
          })}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

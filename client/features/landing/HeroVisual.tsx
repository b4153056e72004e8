import { Box, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconSparkles } from '@tabler/icons-react';
import { M } from '../../../shared/messages/public';
import classes from './Landing.module.css';

const VASE = 'M41 18h18v6c0 4-4 6-4 10c0 6 15 12 15 31c0 12-8 19-17 19h-6c-9 0-17-7-17-19c0-19 15-25 15-31c0-4-4-6-4-10z';

interface Scene {
  bg: [string, string];
  vase: string;
  shine: string;
}

/** Four studio "looks" for the same product: an illustration of what a run returns, not sample output. */
const SCENES: Scene[] = [
  { bg: ['#fff1e6', '#fcd5c0'], vase: '#c2410c', shine: '#fb923c' },
  { bg: ['#eef2ff', '#c7d2fe'], vase: '#4338ca', shine: '#818cf8' },
  { bg: ['#1e1b4b', '#4c1d95'], vase: '#f59e0b', shine: '#fde68a' },
  { bg: ['#ecfdf5', '#a7f3d0'], vase: '#0f766e', shine: '#5eead4' },
];

function ProductTile({ id, bg, vase, shine, tilt = 0 }: Scene & { id: string; tilt?: number }) {
  return (
    <svg viewBox="0 0 100 100" className={classes.tile} role="presentation" aria-hidden="true">
      <defs>
        <linearGradient id={`bg-${id}`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={bg[0]} />
          <stop offset="1" stopColor={bg[1]} />
        </linearGradient>
        <linearGradient id={`v-${id}`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor={vase} />
          <stop offset="0.45" stopColor={shine} />
          <stop offset="1" stopColor={vase} />
        </linearGradient>
      </defs>
      <rect width="100" height="100" fill={`url(#bg-${id})`} />
      <ellipse cx="50" cy="88" rx="22" ry="4" fill="rgba(0,0,0,0.18)" />
      <g transform={`rotate(${tilt} 50 55)`}>
        <path d={VASE} fill={`url(#v-${id})`} />
      </g>
    </svg>
  );
}

/** One plain product photo in, four studio images out. */
export function HeroVisual() {
  return (
    <Paper withBorder shadow="xl" p={{ base: 'md', sm: 'lg' }} radius="xl" className={classes.visual}>
      <Group gap="md" wrap="nowrap" align="center">
        <Stack gap={8} style={{ flex: '0 0 34%' }}>
          <ProductTile id="in" bg={['#f1f3f5', '#dee2e6']} vase="#868e96" shine="#ced4da" tilt={-6} />
          <Text size="xs" c="dimmed" ta="center" fw={600}>
            {M.landing.visualInput}
          </Text>
        </Stack>
        <ThemeIcon variant="gradient" radius="xl" size={36} style={{ flex: '0 0 auto' }}>
          <IconArrowRight size={18} stroke={2} />
        </ThemeIcon>
        <Stack gap={8} style={{ flex: 1, minWidth: 0 }}>
          <SimpleGrid cols={2} spacing={8}>
            {SCENES.map((scene, i) => (
              <ProductTile key={i} id={`out-${i}`} {...scene} />
            ))}
          </SimpleGrid>
          <Group gap={4} justify="center" wrap="nowrap">
            <IconSparkles size={14} color="var(--mantine-color-brand-filled)" />
            <Text size="xs" c="dimmed" fw={600}>
              {M.landing.visualOutput}
            </Text>
          </Group>
        </Stack>
      </Group>
      <Box className={classes.glow} aria-hidden="true" />
    </Paper>
  );
}

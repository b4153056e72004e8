import { Badge, Box, Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHistory, IconMovie, IconPhotoAi } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { M } from '../../../../shared/messages/app';
import { formatNumber } from '../../../lib/format';
import { useSite } from '../../site/useSite';
import classes from './Dashboard.module.css';

/** Fotoğraf Oluştur, Video Oluştur, Geçmiş — with each generation's cost from settings (docs/decisions.md D3). */
export function QuickActions() {
  const { site } = useSite();
  const actions = [
    {
      to: '/app/generate-image',
      label: M.nav.generateImage,
      text: M.dashboard.quickImage,
      icon: IconPhotoAi,
      gradient: true,
      cost: site.imageCreditCost,
    },
    {
      to: '/app/generate-video',
      label: M.nav.generateVideo,
      text: M.dashboard.quickVideo,
      icon: IconMovie,
      gradient: false,
      cost: site.videoCreditCost,
    },
    { to: '/app/history', label: M.nav.history, text: M.dashboard.quickHistory, icon: IconHistory, gradient: false, cost: null },
  ];
  return (
    <Card>
      <Title order={2} fz="lg" mb="md">
        {M.dashboard.quickTitle}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {actions.map((a) => (
          <Link key={a.to} to={a.to} className={classes.action}>
            <ThemeIcon size={42} radius="md" variant={a.gradient ? 'gradient' : 'light'} color="brand" style={{ flexShrink: 0 }}>
              <a.icon size={22} stroke={1.7} />
            </ThemeIcon>
            <Box miw={0} style={{ flex: 1 }}>
              <Text fw={700} size="sm">
                {a.label}
              </Text>
              <Text size="xs" c="dimmed">
                {a.text}
              </Text>
            </Box>
            {a.cost !== null && (
              <Badge variant="light" color="gray" radius="sm" className={classes.noCase} style={{ flexShrink: 0 }}>
                {M.credits.amount(formatNumber(a.cost))}
              </Badge>
            )}
          </Link>
        ))}
      </SimpleGrid>
    </Card>
  );
}

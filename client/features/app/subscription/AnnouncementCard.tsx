import { Badge, Box, Button, Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMovie } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { M } from '../../../../shared/messages/app';
import { formatNumber } from '../../../lib/format';
import { useSite } from '../../site/useSite';
import classes from './Subscription.module.css';

/** Video generation is live; both costs come from settings (docs/decisions.md D3). */
export function AnnouncementCard() {
  const { site } = useSite();
  return (
    <Card className={classes.announcement} data-testid="announcement">
      <Group justify="space-between" gap="md" wrap="wrap">
        <Group gap="md" wrap="nowrap" align="flex-start" style={{ flex: '1 1 320px' }}>
          <ThemeIcon size={44} radius="md" variant="white" color="brand" style={{ flexShrink: 0 }}>
            <IconMovie size={24} stroke={1.7} />
          </ThemeIcon>
          <Box miw={0}>
            <Group gap="xs" mb={4}>
              <Badge variant="white" color="brand" radius="sm" size="sm">
                {M.subscription.announcementBadge}
              </Badge>
              <Title order={2} fz="lg" c="white">
                {M.subscription.announcementTitle}
              </Title>
            </Group>
            <Text size="sm" className={classes.announcementText}>
              {M.subscription.announcementText(formatNumber(site.videoCreditCost), formatNumber(site.imageCreditCost))}
            </Text>
          </Box>
        </Group>
        <Button component={Link} to="/app/generate-video" variant="white" color="brand" leftSection={<IconMovie size={16} stroke={1.8} />}>
          {M.nav.generateVideo}
        </Button>
      </Group>
    </Card>
  );
}

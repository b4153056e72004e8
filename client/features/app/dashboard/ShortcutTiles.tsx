import { Box, Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCrown, IconReceipt, IconSettings, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { M } from '../../../../shared/messages/app';
import classes from './Dashboard.module.css';
import { perLanguage } from '../../../../shared/messages/localize';

const TILES = perLanguage(() => [
  { to: '/app/subscription', label: M.nav.subscription, text: M.dashboard.shortcutSubscription, icon: IconCrown, color: 'orange' },
  { to: '/app/billing', label: M.nav.billing, text: M.dashboard.shortcutBilling, icon: IconReceipt, color: 'teal' },
  { to: '/app/profile', label: M.nav.profile, text: M.dashboard.shortcutProfile, icon: IconUser, color: 'blue' },
  { to: '/app/settings', label: M.nav.settings, text: M.dashboard.shortcutSettings, icon: IconSettings, color: 'gray' },
]);

/** Links to the account pages. */
export function ShortcutTiles() {
  return (
    <Card>
      <Title order={2} fz="lg" mb="md">
        {M.dashboard.shortcutsTitle}
      </Title>
      <SimpleGrid cols={2} spacing="sm">
        {TILES.map((t) => (
          <Link key={t.to} to={t.to} className={classes.shortcut}>
            <ThemeIcon size={36} radius="md" variant="light" color={t.color} style={{ flexShrink: 0 }}>
              <t.icon size={19} stroke={1.7} />
            </ThemeIcon>
            <Box miw={0}>
              <Text fw={600} size="sm">
                {t.label}
              </Text>
              <Text size="xs" c="dimmed" lh={1.35}>
                {t.text}
              </Text>
            </Box>
          </Link>
        ))}
      </SimpleGrid>
    </Card>
  );
}

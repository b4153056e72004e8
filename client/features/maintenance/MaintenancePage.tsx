import { Anchor, Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { M } from '../../../shared/messages/public';
import { usePageTitle } from '../site/pageTitle';
import { BrandMark } from '../common/BrandLogo';
import { useSite } from '../site/useSite';

/** docs/decisions.md D23: shown on the public site and the customer area while maintenance mode is on. */
export function MaintenancePage({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  usePageTitle(M.titles.maintenance);
  const { site } = useSite();
  return (
    <Center mih="100dvh" p="md" className="vitrin-soft-bg">
      <Paper withBorder shadow="lg" p={{ base: 'xl', sm: 48 }} maw={520} w="100%" ta="center">
        <Stack align="center" gap="md">
          <BrandMark size={48} />
          <ThemeIcon size={56} radius="xl" variant="light" color="orange">
            <IconTool size={28} stroke={1.7} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {M.common.maintenanceTitle}
          </Title>
          <Text c="dimmed" fz="lg">
            {M.common.maintenance}
          </Text>
          <Button variant="light" onClick={onRetry} loading={retrying}>
            {M.common.retry}
          </Button>
          <Anchor href={`mailto:${site.supportEmail}`} fz="sm" c="dimmed">
            {site.supportEmail}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}

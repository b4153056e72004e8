import { Button, Card, Grid, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMovie, IconPhotoAi, IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { M } from '../../../../shared/messages';
import { usePageTitle } from '../../../lib/pageTitle';
import { emailPrefix, useSession } from '../../auth/useSession';
import { PageHeader } from '../PageHeader';
import { CreditBalanceCard } from './CreditBalanceCard';

/** /app: greeting, the real credit balance; the rest of the dashboard comes in a later issue. */
export default function DashboardPage() {
  usePageTitle(M.titles.dashboard);
  const { user } = useSession();
  if (!user) return null;

  return (
    <Stack maw={1100} gap={0}>
      <PageHeader title={M.app.greeting(emailPrefix(user.email))} subtitle={M.app.dashboardSubtitle} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <CreditBalanceCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card h="100%">
            <Stack gap="md" h="100%" justify="center" align="flex-start">
              <Group gap="sm">
                <ThemeIcon variant="light" size={40} radius="md">
                  <IconSparkles size={22} stroke={1.7} />
                </ThemeIcon>
                <Title order={2} fz="lg">
                  {M.app.comingTitle}
                </Title>
              </Group>
              <Text c="dimmed">{M.common.comingSoonText}</Text>
              <Group gap="sm">
                <Button component={Link} to="/app/generate-image" leftSection={<IconPhotoAi size={18} stroke={1.7} />}>
                  {M.nav.generateImage}
                </Button>
                <Button component={Link} to="/app/generate-video" variant="light" leftSection={<IconMovie size={18} stroke={1.7} />}>
                  {M.nav.generateVideo}
                </Button>
              </Group>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

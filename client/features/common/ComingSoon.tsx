import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { M } from '../../../shared/messages';
import { usePageTitle } from '../../lib/pageTitle';

interface ComingSoonProps {
  /** Page title (browser tab and heading). */
  title: string;
  /** Optional way back, e.g. the site root or the dashboard. */
  back?: { to: string; label: string };
}

/** A designed placeholder for screens a later issue builds. No invented data. */
export function ComingSoon({ title, back }: ComingSoonProps) {
  usePageTitle(title);
  return (
    <Paper withBorder p={{ base: 'xl', sm: 48 }} radius="lg" maw={640} mx="auto" my="xl" ta="center">
      <Stack align="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="gradient">
          <IconSparkles size={32} stroke={1.6} />
        </ThemeIcon>
        <Text tt="uppercase" fw={700} fz="xs" c="brand" style={{ letterSpacing: '0.08em' }}>
          {title}
        </Text>
        <Title order={2} fz={{ base: 'xl', sm: 26 }}>
          {M.common.comingSoon}
        </Title>
        <Text c="dimmed" maw={440}>
          {M.common.comingSoonText}
        </Text>
        {back && (
          <Button component={Link} to={back.to} variant="light" mt="xs">
            {back.label}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

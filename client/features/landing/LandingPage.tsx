import { Badge, Box, Button, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { M } from '../../../shared/messages';
import { usePageTitle } from '../../lib/pageTitle';
import { ContactSection } from './ContactSection';
import { HeroVisual } from './HeroVisual';
import classes from './Landing.module.css';

const CLAIMS = [M.landing.claim4k, M.landing.claimCommercial, M.landing.claim360];

/** `/`: hero and contact; the full landing page (stats, references, testimonials, form) comes later. */
export default function LandingPage() {
  usePageTitle(M.titles.home);
  return (
    <>
      <Box component="section" className={classes.hero} py={{ base: 48, sm: 96 }}>
        <Container>
          <Grid gutter={{ base: 40, md: 64 }} align="center">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Stack gap="lg">
                <Badge variant="light" size="lg" radius="sm" w="fit-content" style={{ textTransform: 'none' }}>
                  {M.landing.heroBadge}
                </Badge>
                <Title order={1} fz={{ base: 34, sm: 46, lg: 52 }} className={classes.title}>
                  <span className={classes.accent}>{M.landing.heroTitle}</span>
                </Title>
                <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed" maw={520}>
                  {M.landing.heroSubtitle}
                </Text>
                <Group gap="sm">
                  <Button
                    component={Link}
                    to="/auth?mode=signup"
                    size="md"
                    variant="gradient"
                    rightSection={<IconArrowRight size={18} />}
                  >
                    {M.landing.ctaTrial}
                  </Button>
                  <Button component={Link} to="/pricing" size="md" variant="default">
                    {M.landing.seePricing}
                  </Button>
                </Group>
                <Text size="sm" c="dimmed">
                  {M.landing.trialNote}
                </Text>
                <Group gap="lg">
                  {CLAIMS.map((claim) => (
                    <Group key={claim} gap={6} wrap="nowrap">
                      <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" />
                      <Text size="sm" fw={500}>
                        {claim}
                      </Text>
                    </Group>
                  ))}
                </Group>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <HeroVisual />
            </Grid.Col>
          </Grid>
        </Container>
      </Box>
      <Box className={classes.contactBand}>
        <ContactSection />
      </Box>
    </>
  );
}

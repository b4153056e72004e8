import { Badge, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { M } from '../../../shared/messages/public';
import { HeroVisual } from './HeroVisual';
import classes from './Landing.module.css';
import { perLanguage } from '../../../shared/messages/localize';

const CLAIMS = perLanguage(() => [M.landing.claim4k, M.landing.claimCommercial, M.landing.claim360]);

/** The last two words of the admin-edited title get the brand gradient. */
function splitAccent(title: string): [string, string] {
  const words = title.trim().split(/\s+/);
  if (words.length <= 2) return ['', title.trim()];
  return [words.slice(0, -2).join(' ') + ' ', words.slice(-2).join(' ')];
}

/** Hero: texts from site_content `hero` (title, subtitle, cta_primary, cta_secondary). */
export function HeroSection({ hero }: { hero: Record<string, string> }) {
  const [lead, accent] = splitAccent(hero.title ?? '');
  return (
    <Box component="section" className={classes.hero} pt={{ base: 40, sm: 72 }} pb={{ base: 56, sm: 88 }} aria-labelledby="hero-title">
      <Container>
        <div className={classes.heroGrid}>
          <Stack gap="lg">
            <Badge variant="light" size="lg" radius="sm" w="fit-content" className={classes.badge}>
              {M.landing.heroBadge}
            </Badge>
            <Title id="hero-title" order={1} fz={{ base: 34, sm: 44, lg: 46 }} className={classes.title}>
              {lead}
              <span className={classes.accent}>{accent}</span>
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed" maw={540} style={{ textWrap: 'pretty' }}>
              {hero.subtitle}
            </Text>
            <Group gap="sm" className={classes.heroActions}>
              <Button component={Link} to="/auth?mode=signup" size="md" variant="gradient" rightSection={<IconArrowRight size={18} />}>
                {hero.cta_primary}
              </Button>
              <Button component={Link} to="/pricing" size="md" variant="default">
                {hero.cta_secondary}
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              {M.landing.trialNote}
            </Text>
            <Group gap="md" component="ul" className={classes.claims}>
              {CLAIMS.map((claim) => (
                <Group key={claim} gap={6} wrap="nowrap" component="li">
                  <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden="true" />
                  <Text size="sm" fw={500}>
                    {claim}
                  </Text>
                </Group>
              ))}
            </Group>
          </Stack>
          <div className={classes.heroVisualCol}>
            <HeroVisual />
          </div>
        </div>
      </Container>
    </Box>
  );
}

import { Box, Card, Container, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import type { LandingData } from './useLanding';
import { contentColor, contentIcon } from './icons';
import { SectionHeading } from './SectionHeading';

/** "Neden Vitrin AI?" (`features`, or the defaults). */
export function FeaturesSection({ texts, features }: { texts: Record<string, string>; features: LandingData['features'] }) {
  if (features.length === 0) return null;
  return (
    <Box component="section" id="features" py={{ base: 64, sm: 96 }} aria-labelledby="features-title">
      <Container>
        <SectionHeading id="features-title" title={texts.title ?? ''} subtitle={texts.subtitle} />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          {features.map((feature) => {
            const Icon = contentIcon(feature.icon);
            return (
              <Card key={feature.id} shadow="xs" padding="xl" data-testid="feature">
                <ThemeIcon variant="light" color={contentColor(feature.iconColor)} size={48} radius="md" mb="md">
                  <Icon size={26} stroke={1.6} />
                </ThemeIcon>
                <Title order={3} fz="lg" mb={6}>
                  {feature.title}
                </Title>
                <Text c="dimmed" size="sm" lh={1.6}>
                  {feature.description}
                </Text>
              </Card>
            );
          })}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

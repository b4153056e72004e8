import { Badge, Box, Card, Center, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { M } from '../../../shared/messages/public';
import { BeforeAfterSlider } from './BeforeAfterSlider';
import { SectionHeading } from './SectionHeading';
import type { LandingData } from './useLanding';
import classes from './Landing.module.css';

/** Reference works with an interactive before/after comparison (`portfolio_items`). */
export function PortfolioSection({ texts, items }: { texts: Record<string, string>; items: LandingData['portfolio'] }) {
  return (
    <Box component="section" id="references" py={{ base: 64, sm: 96 }} className={classes.softBand} aria-labelledby="references-title">
      <Container>
        <SectionHeading id="references-title" title={texts.title ?? ''} subtitle={texts.subtitle} />
        {items.length === 0 ? (
          <Center>
            <Stack align="center" gap="sm" py="xl">
              <ThemeIcon variant="light" size={56} radius="xl" color="gray">
                <IconPhoto size={28} stroke={1.6} />
              </ThemeIcon>
              <Text c="dimmed">{M.landing.portfolioEmpty}</Text>
            </Stack>
          </Center>
        ) : (
          <SimpleGrid
            cols={{ base: 1, sm: Math.min(items.length, 2), md: Math.min(items.length, 3) }}
            spacing="xl"
            className={classes.portfolioGrid}
          >
            {items.map((item) => (
              <Card key={item.id} shadow="sm" padding="md" data-testid="portfolio-item">
                <BeforeAfterSlider before={item.beforeImageUrl} after={item.afterImageUrl} title={item.title} />
                <Stack gap={6} mt="md" px={4} pb={4}>
                  <Badge variant="light" size="md" radius="sm" w="fit-content" className={classes.badge}>
                    {M.landing.portfolioCategories[item.category] ?? item.category}
                  </Badge>
                  <Title order={3} fz="lg">
                    {item.title}
                  </Title>
                  {item.description && (
                    <Text size="sm" c="dimmed" lh={1.6}>
                      {item.description}
                    </Text>
                  )}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Container>
    </Box>
  );
}

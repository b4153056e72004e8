import { Avatar, Box, Card, Container, Group, Rating, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconQuote } from '@tabler/icons-react';
import { M } from '../../../shared/messages/public';
import { SectionHeading } from './SectionHeading';
import type { LandingData } from './useLanding';
import classes from './Landing.module.css';
import { initials } from '../../lib/format';

/** Customer quotes (`testimonials`, or the defaults). */
export function TestimonialsSection({ texts, items }: { texts: Record<string, string>; items: LandingData['testimonials'] }) {
  if (items.length === 0) return null;
  return (
    <Box component="section" id="testimonials" py={{ base: 64, sm: 96 }} aria-labelledby="testimonials-title">
      <Container>
        <SectionHeading id="testimonials-title" title={texts.title ?? ''} subtitle={texts.subtitle} />
        <SimpleGrid
          cols={{ base: 1, sm: Math.min(items.length, 2), md: Math.min(items.length, 3) }}
          spacing="xl"
          className={classes.testimonialGrid}
        >
          {items.map((t) => (
            <Card key={t.id} shadow="xs" padding="xl" component="figure" className={classes.quoteCard} data-testid="testimonial">
              <Stack gap="md" h="100%">
                <Group justify="space-between" align="center">
                  <Rating value={t.rating} readOnly size="sm" aria-label={M.landing.ratingLabel(t.rating)} role="img" />
                  <IconQuote size={28} stroke={1.5} className={classes.quoteIcon} aria-hidden="true" />
                </Group>
                <Text component="blockquote" className={classes.quote}>
                  {t.text}
                </Text>
                <Group gap="sm" wrap="nowrap" mt="auto" component="figcaption">
                  <Avatar
                    src={t.imageUrl || null}
                    alt={t.name}
                    radius="xl"
                    size={44}
                    color="brand"
                    variant="light"
                    imageProps={{ loading: 'lazy', decoding: 'async', width: 44, height: 44 }}
                  >
                    {initials(t.name)}
                  </Avatar>
                  <div style={{ minWidth: 0 }}>
                    <Text fw={700} size="sm" truncate>
                      {t.name}
                    </Text>
                    {t.company && (
                      <Text size="xs" c="dimmed" truncate>
                        {t.company}
                      </Text>
                    )}
                  </div>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

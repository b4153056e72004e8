import { Box, Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import classes from './Landing.module.css';

/** Closing sign-up call to action (landing and pricing). */
export function CtaBand({ title, subtitle, button, note }: { title: string; subtitle: string; button: string; note?: string }) {
  return (
    <Box component="section" py={{ base: 56, sm: 88 }} aria-labelledby="cta-title">
      <Container>
        <Box className={classes.ctaCard} px={{ base: 'lg', sm: 56 }} py={{ base: 40, sm: 64 }}>
          <Stack align="center" ta="center" gap="md" maw={640} mx="auto" pos="relative">
            <Title id="cta-title" order={2} c="white" fz={{ base: 26, sm: 36 }} style={{ letterSpacing: '-0.02em', textWrap: 'balance' }}>
              {title}
            </Title>
            <Text c="rgba(255,255,255,0.88)" fz={{ base: 'md', sm: 'lg' }} style={{ textWrap: 'pretty' }}>
              {subtitle}
            </Text>
            <Button
              component={Link}
              to="/auth?mode=signup"
              size="lg"
              color="white"
              variant="white"
              mt="xs"
              rightSection={<IconArrowRight size={18} />}
              className={classes.ctaButton}
            >
              {button}
            </Button>
            {note && (
              <Text size="sm" c="rgba(255,255,255,0.78)">
                {note}
              </Text>
            )}
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}

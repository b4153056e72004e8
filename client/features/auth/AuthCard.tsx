import { Box, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The narrow card the e-mailed-link pages share (forgot, reset, verify, unsubscribe). */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Box className="vitrin-soft-bg" py={{ base: 'lg', sm: 64 }}>
      <Container size={480}>
        <Paper withBorder shadow="lg" p={{ base: 'lg', sm: 36 }}>
          <Stack gap={4} mb="lg">
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Paper>
      </Container>
    </Box>
  );
}

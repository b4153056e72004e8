import { Anchor, Box, Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { M } from '../../../shared/messages';
import { useSite } from '../site/useSite';

function ContactItem({ icon: Icon, label, children }: { icon: ComponentType<{ size?: number; stroke?: number }>; label: string; children: ReactNode }) {
  return (
    <Card>
      <Stack gap="sm" align="flex-start">
        <ThemeIcon variant="light" size={44} radius="md">
          <Icon size={22} stroke={1.7} />
        </ThemeIcon>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.06em' }}>
          {label}
        </Text>
        <Box fw={600} style={{ wordBreak: 'break-word' }}>
          {children}
        </Box>
      </Stack>
    </Card>
  );
}

/** Contact details from settings (D2); the working contact form (D19) comes with the full landing page. */
export function ContactSection() {
  const { site } = useSite();
  return (
    <Box component="section" id="contact" py={{ base: 56, sm: 88 }}>
      <Container>
        <Stack gap="xs" align="center" ta="center" mb={40}>
          <Title order={2} fz={{ base: 26, sm: 34 }}>
            {M.landing.contactTitle}
          </Title>
          <Text c="dimmed" maw={520}>
            {M.landing.contactSubtitle}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <ContactItem icon={IconMail} label={M.landing.contactEmail}>
            <Anchor href={`mailto:${site.supportEmail}`} inherit>
              {site.supportEmail}
            </Anchor>
          </ContactItem>
          <ContactItem icon={IconPhone} label={M.landing.contactPhone}>
            <Anchor href={`tel:${site.supportPhone.replace(/[^\d+]/g, '')}`} inherit>
              {site.supportPhone}
            </Anchor>
          </ContactItem>
          <ContactItem icon={IconMapPin} label={M.landing.contactAddress}>
            {site.contactAddress}
          </ContactItem>
        </SimpleGrid>
      </Container>
    </Box>
  );
}

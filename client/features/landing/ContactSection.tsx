import { Anchor, Box, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone, type Icon } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useIntersection } from '@mantine/hooks';
import { M } from '../../../shared/messages/public';
import { FullPageLoader } from '../common/FullPageLoader';

// The form (and the validation library it brings) loads as the section nears the screen, not
// with the first paint of the landing page.
const ContactForm = lazy(() => import('../contact/ContactForm').then((m) => ({ default: m.ContactForm })));
import { useSite } from '../site/useSite';
import classes from './Landing.module.css';

function ContactItem({ icon: ItemIcon, label, children }: { icon: Icon; label: string; children: ReactNode }) {
  return (
    <Group gap="md" wrap="nowrap" align="center">
      <ThemeIcon variant="light" size={48} radius="md">
        <ItemIcon size={22} stroke={1.7} />
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.06em' }}>
          {label}
        </Text>
        <Box fw={600} style={{ wordBreak: 'break-word' }}>
          {children}
        </Box>
      </div>
    </Group>
  );
}

/** Contact details from settings (docs/decisions.md D2) and the working contact form (docs/decisions.md D19). */
export function ContactSection() {
  const { site } = useSite();
  const { ref, entry } = useIntersection({ rootMargin: '800px 0px' });
  // Once near the screen, the form stays loaded (set during render, not in an effect).
  const [near, setNear] = useState(false);
  if (entry?.isIntersecting && !near) setNear(true);
  return (
    <Box component="section" id="contact" ref={ref} py={{ base: 64, sm: 96 }} className={classes.softBand} aria-labelledby="contact-title">
      <Container>
        <div className={classes.contactGrid}>
          <Stack gap="lg">
            <Stack gap={10}>
              <Text size="xs" fw={700} tt="uppercase" c="brand" style={{ letterSpacing: '0.1em' }}>
                {M.nav.contact}
              </Text>
              <Title id="contact-title" order={2} fz={{ base: 28, sm: 36 }} style={{ letterSpacing: '-0.02em' }}>
                {M.landing.contactTitle}
              </Title>
              <Text c="dimmed" fz={{ base: 'md', sm: 'lg' }}>
                {M.landing.contactSubtitle}
              </Text>
            </Stack>
            <Stack gap="lg" mt="xs">
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
            </Stack>
          </Stack>
          <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }} radius="lg">
            <Stack gap={4} mb="lg">
              <Title order={3} fz="xl">
                {M.contact.formTitle}
              </Title>
              <Text size="sm" c="dimmed">
                {M.contact.formSubtitle}
              </Text>
            </Stack>
            {near ? (
              <Suspense fallback={<FullPageLoader minHeight={320} />}>
                <ContactForm />
              </Suspense>
            ) : (
              <Box mih={320} />
            )}
          </Paper>
        </div>
      </Container>
    </Box>
  );
}

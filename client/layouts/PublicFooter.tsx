import { Box, Container, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { M } from '../../shared/messages/public';
import { LEGAL_PAGES } from '../../shared/legal';
import { BrandLogo } from '../features/common/BrandLogo';
import { useSite } from '../features/site/useSite';
import classes from './PublicFooter.module.css';
import { perLanguage } from '../../shared/messages/localize';

const LEGAL = perLanguage(() => [
  { label: M.nav.privacy, to: LEGAL_PAGES.privacy.path },
  { label: M.nav.terms, to: LEGAL_PAGES.terms.path },
  { label: M.nav.kvkk, to: LEGAL_PAGES.kvkk.path },
  { label: M.nav.cookies, to: LEGAL_PAGES.cookies.path },
]);

/** Footer: quick links, legal pages (docs/decisions.md D33), contact details from settings (docs/decisions.md D2). */
export function PublicFooter() {
  const { site } = useSite();
  const year = new Date().getFullYear();
  return (
    <Box component="footer" className={classes.footer}>
      <Container py={48}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing={{ base: 'xl', md: 48 }}>
          <Stack gap="sm">
            <BrandLogo />
            <Text size="sm" c="dimmed" maw={280}>
              {M.nav.footerTagline}
            </Text>
          </Stack>

          <Stack gap={0} component="nav" aria-label={M.nav.quickLinks}>
            <Text className={classes.heading}>{M.nav.quickLinks}</Text>
            <Link to="/" className={classes.link}>
              {M.nav.home}
            </Link>
            <Link to="/pricing" className={classes.link}>
              {M.nav.pricing}
            </Link>
            <Link to="/#contact" className={classes.link}>
              {M.nav.contact}
            </Link>
            <Link to="/auth" className={classes.link}>
              {M.nav.signIn}
            </Link>
            <a href={`mailto:${site.supportEmail}`} className={classes.link}>
              {M.nav.support}
            </a>
          </Stack>

          <Stack gap={0}>
            <Text className={classes.heading}>{M.nav.legal}</Text>
            {/* docs/decisions.md D33: real pages whose texts admins edit. */}
            {LEGAL.map((l) => (
              <Link key={l.to} to={l.to} className={classes.link}>
                {l.label}
              </Link>
            ))}
          </Stack>

          <Stack gap={0}>
            <Text className={classes.heading}>{M.nav.contactInfo}</Text>
            <a href={`mailto:${site.supportEmail}`} className={classes.link}>
              <IconMail size={16} stroke={1.7} />
              {site.supportEmail}
            </a>
            <a href={`tel:${site.supportPhone.replace(/[^\d+]/g, '')}`} className={classes.link}>
              <IconPhone size={16} stroke={1.7} />
              {site.supportPhone}
            </a>
            <Text className={classes.placeholder} component="span" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
              <IconMapPin size={16} stroke={1.7} />
              {site.contactAddress}
            </Text>
          </Stack>
        </SimpleGrid>

        <Divider my="xl" />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            © {year} {site.siteName}. {M.nav.rights}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}

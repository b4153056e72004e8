import { Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { M } from '../../shared/messages/public';
import { displayName, useSession } from '../features/auth/useSession';
import { BrandLogo } from '../features/common/BrandLogo';
import { CreditBalanceBadge } from '../features/credits/CreditBalanceBadge';
import { CreditsExpiryNotice } from '../features/credits/CreditsExpiryNotice';
import { CreditsLiveSync } from '../features/credits/CreditsLiveSync';
import { SIGNED_IN_LINKS, SIGNED_OUT_LINKS, isActive } from './header/headerLinks';
import { UserMenuButton } from './header/UserMenuButton';
import { LanguageSwitch } from '../features/preferences/LanguageSwitch';
import classes from './PublicHeader.module.css';

// A first visit loads neither: the menu only for signed-in sellers, the drawer on first open.
const UserMenu = lazy(() => import('./header/UserMenu'));
const MobileNavDrawer = lazy(() => import('./header/MobileNavDrawer'));

/** Public header: signed-out and signed-in variants (docs/product.md §2), mobile Burger + Drawer. */
export function PublicHeader() {
  const { user, loading } = useSession();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const { pathname, hash } = useLocation();

  const links = user ? SIGNED_IN_LINKS : SIGNED_OUT_LINKS;
  const name = user ? displayName(user) : '';

  return (
    <Box component="header" className={classes.header}>
      <CreditsLiveSync />
      {user && <CreditsExpiryNotice />}
      <Container h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <BrandLogo to="/" />

          <Group gap={4} visibleFrom="md" component="nav" aria-label={M.nav.mainNav}>
            {links.map((link) => (
              <Link key={link.to} to={link.to} className={classes.link} data-active={isActive(link.to, pathname, hash) || undefined}>
                {link.label}
              </Link>
            ))}
          </Group>

          <Group gap="sm" visibleFrom="md" wrap="nowrap">
            <LanguageSwitch />
            {loading ? null : user ? (
              <>
                <CreditBalanceBadge />
                <Suspense fallback={<UserMenuButton name={name} disabled />}>
                  <UserMenu email={user.email} name={name} />
                </Suspense>
              </>
            ) : (
              <>
                <Button component={Link} to="/auth" variant="default">
                  {M.nav.signIn}
                </Button>
                <Button component={Link} to="/auth?mode=signup" variant="gradient">
                  {M.nav.getStarted}
                </Button>
              </>
            )}
          </Group>

          <Group gap="xs" hiddenFrom="md" wrap="nowrap">
            <LanguageSwitch />
            <Burger
              opened={drawerOpened}
              onClick={() => {
                setDrawerUsed(true);
                drawer.toggle();
              }}
              hiddenFrom="md"
              size="sm"
              aria-label={drawerOpened ? M.nav.closeMenu : M.nav.openMenu}
            />
          </Group>
        </Group>
      </Container>

      {drawerUsed && (
        <Suspense fallback={null}>
          <MobileNavDrawer opened={drawerOpened} onClose={drawer.close} />
        </Suspense>
      )}
    </Box>
  );
}

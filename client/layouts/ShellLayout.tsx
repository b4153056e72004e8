import { AppShell, Burger, Group, ScrollArea, Stack, type MantineBreakpoint } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { BrandLogo } from '../features/common/BrandLogo';
import { FullPageLoader } from '../features/common/FullPageLoader';
import { MAIN_CONTENT_ID } from '../features/common/SkipLink';
import { ShellNavLink, type ShellNavItem } from './ShellNavLink';
import classes from './shellNav.module.css';

export interface ShellLayoutProps {
  /** Where the logo leads (the area's home). */
  home: string;
  headerHeight: number;
  navbarWidth: number;
  /** Below this width the sidebar collapses behind the burger. */
  breakpoint: MantineBreakpoint;
  nav: ShellNavItem[];
  /** The sidebar's accessible name. */
  navLabel: string;
  menuLabels: { open: string; close: string };
  /** Beside the logo (the admin badge). */
  brandExtra?: ReactNode;
  /** The header's right-hand side. */
  headerEnd: ReactNode;
  /** Under the sidebar's links. */
  navFooter?: ReactNode;
  /** Components that render nothing (live syncs, notices), mounted with the shell. */
  background?: ReactNode;
}

/** The signed-in shells (/app, /admin): header with burger and logo, a sidebar of pages, the page. */
export function ShellLayout(props: ShellLayoutProps) {
  const [opened, { toggle, close }] = useDisclosure(false);

  return (
    <AppShell
      header={{ height: props.headerHeight }}
      navbar={{ width: props.navbarWidth, breakpoint: props.breakpoint, collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      {props.background}
      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom={props.breakpoint}
              size="sm"
              aria-label={opened ? props.menuLabels.close : props.menuLabels.open}
            />
            {/* On a phone the header's controls need the room: the mark alone (issue 38 item 11). */}
            <BrandLogo to={props.home} size={30} onClick={close} nameFrom="xs" />
            {props.brandExtra}
          </Group>
          {props.headerEnd}
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={props.navLabel}>
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={2}>
            {props.nav.map((item) => (
              <ShellNavLink key={item.to} item={item} onNavigate={close} />
            ))}
          </Stack>
        </AppShell.Section>
        {props.navFooter}
      </AppShell.Navbar>

      <AppShell.Main className={classes.main} id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}

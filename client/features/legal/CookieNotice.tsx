import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { M } from '../../../shared/messages/public';
import { COOKIE_NOTICE_STORAGE_KEY, LEGAL_PAGES } from '../../../shared/legal';

function seen(): boolean {
  try {
    return localStorage.getItem(COOKIE_NOTICE_STORAGE_KEY) === 'seen';
  } catch {
    return false;
  }
}

/**
 * First-visit notice: only strictly necessary cookies are used (the session cookies). Closing it
 * is remembered in localStorage, not in a cookie, so the statement stays true.
 */
export function CookieNotice() {
  const [open, setOpen] = useState(() => !seen());
  const { pathname } = useLocation();
  // The back-office is the operator's own tool, not a visit to the site.
  if (!open || pathname.startsWith('/admin')) return null;
  const close = () => {
    try {
      localStorage.setItem(COOKIE_NOTICE_STORAGE_KEY, 'seen');
    } catch {
      /* private mode: it simply shows again next time */
    }
    setOpen(false);
  };
  return (
    <Paper
      role="region"
      aria-label={M.nav.cookies}
      shadow="lg"
      withBorder
      p="md"
      radius="md"
      style={{ position: 'fixed', left: 16, bottom: 16, maxWidth: 380, zIndex: 300 }}
    >
      <Text size="sm">{M.legal.cookieNotice}</Text>
      <Group justify="space-between" mt="sm" gap="xs">
        <Anchor component={Link} to={LEGAL_PAGES.cookies.path} size="sm">
          {M.legal.cookieMore}
        </Anchor>
        <Button size="xs" onClick={close}>
          {M.legal.cookieOk}
        </Button>
      </Group>
    </Paper>
  );
}

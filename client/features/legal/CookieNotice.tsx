import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
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
 * While the notice is open, the page keeps room for it below its content (`--cookie-notice-space`,
 * used in global.css as the body's bottom padding and the scroll padding), so nothing under it (a
 * phone's pricing card, a form's last button) stays covered: it can be scrolled into view above it.
 */
function useReservedSpace(ref: React.RefObject<HTMLDivElement | null>, shown: boolean) {
  useEffect(() => {
    const el = ref.current;
    const root = document.documentElement;
    if (!shown || !el) return;
    const update = () => root.style.setProperty('--cookie-notice-space', `${Math.ceil(el.getBoundingClientRect().height) + 16}px`);
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--cookie-notice-space');
    };
  }, [ref, shown]);
}

/**
 * First-visit notice: only strictly necessary cookies are used (the session cookies). Closing it
 * is remembered in localStorage, not in a cookie, so the statement stays true.
 */
export function CookieNotice() {
  const [open, setOpen] = useState(() => !seen());
  const { pathname } = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  // The back-office is the operator's own tool, not a visit to the site.
  const shown = open && !pathname.startsWith('/admin');
  useReservedSpace(ref, shown);
  if (!shown) return null;
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
      ref={ref}
      style={{ position: 'fixed', left: 8, right: 8, bottom: 8, maxWidth: 380, zIndex: 300 }}
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

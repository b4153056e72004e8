import { Group, Text, type MantineBreakpoint } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useSite } from '../site/useSite';

/** The shop-window mark, drawn inline so it inherits no network request. */
export function BrandMark({ size = 32 }: { size?: number }) {
  // Unique per instance: a gradient id shared with a hidden copy (e.g. a closed drawer) would not paint.
  const gradientId = `vitrin-mark-${useId().replace(/:/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f46e5" />
          <stop offset="0.6" stopColor="#7c3aed" />
          <stop offset="1" stopColor="#c026d3" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradientId})`} />
      <path d="M13 14h38v7a4.75 4.75 0 0 1-9.5 0a4.75 4.75 0 0 1-9.5 0a4.75 4.75 0 0 1-9.5 0a4.75 4.75 0 0 1-9.5 0z" fill="#fff" />
      <rect x="16" y="29" width="32" height="22" rx="3.5" fill="none" stroke="#fff" strokeWidth="3" />
      <path d="M32 32.5c.9 4.3 2.2 5.6 6.5 6.5c-4.3.9-5.6 2.2-6.5 6.5c-.9-4.3-2.2-5.6-6.5-6.5c4.3-.9 5.6-2.2 6.5-6.5z" fill="#fff" />
    </svg>
  );
}

/**
 * Mark + site name, linking to `to`. `nameFrom`: the name is shown only from that width up (a
 * phone's crowded header keeps the mark; the link is still named by the site's name).
 */
export function BrandLogo({
  to = '/',
  size = 32,
  onClick,
  nameFrom,
}: {
  to?: string;
  size?: number;
  onClick?: () => void;
  nameFrom?: MantineBreakpoint;
}) {
  const { site } = useSite();
  return (
    <Link to={to} onClick={onClick} aria-label={site.siteName} style={{ textDecoration: 'none', color: 'inherit', display: 'inline-flex' }}>
      <Group gap={10} wrap="nowrap">
        <BrandMark size={size} />
        <Text fw={800} fz={size >= 32 ? 'lg' : 'md'} visibleFrom={nameFrom} style={{ letterSpacing: '-0.02em', whiteSpace: 'nowrap' }}>
          {site.siteName}
        </Text>
      </Group>
    </Link>
  );
}

import type { MantineColor } from '@mantine/core';
import {
  IconBolt,
  IconCamera,
  IconClock,
  IconShieldCheck,
  IconSparkles,
  IconTrendingUp,
  IconUsers,
  IconVideo,
  type Icon,
} from '@tabler/icons-react';

/** The icon names admins pick for stats and features (docs/product.md §3), drawn with Tabler icons. */
const ICONS: Record<string, Icon> = {
  Camera: IconCamera,
  Users: IconUsers,
  Video: IconVideo,
  TrendingUp: IconTrendingUp,
  Zap: IconBolt,
  Shield: IconShieldCheck,
  Clock: IconClock,
  Sparkles: IconSparkles,
};

export function contentIcon(name: string): Icon {
  return ICONS[name] ?? IconSparkles;
}

/** Stored colours are utility-class names (`text-blue-600`); map their hue to a Mantine colour. */
const HUES: Record<string, MantineColor> = {
  blue: 'blue',
  sky: 'blue',
  green: 'teal',
  emerald: 'teal',
  teal: 'teal',
  purple: 'violet',
  violet: 'violet',
  indigo: 'indigo',
  orange: 'orange',
  amber: 'yellow',
  yellow: 'yellow',
  red: 'red',
  rose: 'pink',
  pink: 'pink',
  cyan: 'cyan',
  lime: 'lime',
  gray: 'gray',
  slate: 'gray',
};

export function contentColor(className: string): MantineColor {
  const hue = /(?:^|\s)text-([a-z]+)-\d{2,3}(?:\s|$)/.exec(className)?.[1];
  return (hue && HUES[hue]) || 'brand';
}

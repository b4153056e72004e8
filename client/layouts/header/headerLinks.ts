import type { ComponentType } from 'react';
import {
  IconHistory,
  IconHome,
  IconLayoutDashboard,
  IconMail,
  IconMovie,
  IconPhotoAi,
  IconReceipt,
  IconTag,
  IconUser,
} from '@tabler/icons-react';
import { M } from '../../../shared/messages/public';
import { perLanguage } from '../../../shared/messages/localize';

export interface HeaderLink {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

export const SIGNED_OUT_LINKS: HeaderLink[] = perLanguage(() => [
  { to: '/', label: M.nav.home, icon: IconHome },
  { to: '/pricing', label: M.nav.pricing, icon: IconTag },
  { to: '/#contact', label: M.nav.contact, icon: IconMail },
]);

export const SIGNED_IN_LINKS: HeaderLink[] = perLanguage(() => [
  { to: '/app/generate-image', label: M.nav.generateImage, icon: IconPhotoAi },
  { to: '/app/generate-video', label: M.nav.generateVideo, icon: IconMovie },
  { to: '/app/history', label: M.nav.history, icon: IconHistory },
]);

export const USER_MENU_LINKS: HeaderLink[] = perLanguage(() => [
  { to: '/app', label: M.nav.dashboard, icon: IconLayoutDashboard },
  { to: '/app/profile', label: M.nav.profile, icon: IconUser },
  { to: '/app/billing', label: M.nav.billing, icon: IconReceipt },
]);

export function isActive(to: string, pathname: string, hash: string): boolean {
  if (to.includes('#')) return false;
  if (to === '/') return pathname === '/' && !hash;
  return pathname === to;
}

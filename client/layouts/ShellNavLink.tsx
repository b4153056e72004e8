import type { ComponentType } from 'react';
import { NavLink } from 'react-router-dom';
import classes from './shellNav.module.css';

export interface ShellNavItem {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** Match only the exact path (for index routes). */
  end?: boolean;
}

/** One sidebar entry; React Router marks the current one with aria-current="page". */
export function ShellNavLink({ item, onNavigate }: { item: ShellNavItem; onNavigate?: () => void }) {
  return (
    <NavLink to={item.to} end={item.end} className={classes.link} onClick={onNavigate}>
      <item.icon size={19} stroke={1.7} />
      <span>{item.label}</span>
    </NavLink>
  );
}

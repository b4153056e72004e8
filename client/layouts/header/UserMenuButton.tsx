import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithoutRef } from 'react';
import { M } from '../../../shared/messages/public';
import { initials } from '../../lib/format';

/** The avatar button; also the placeholder shown while the menu's chunk loads. */
export function UserMenuButton({ name, ...rest }: { name: string } & ComponentPropsWithoutRef<'button'>) {
  return (
    <UnstyledButton aria-label={M.nav.userMenu} {...rest}>
      <Group gap={8} wrap="nowrap">
        <Avatar size={32} radius="xl" color="brand" variant="filled">
          {initials(name, 1)}
        </Avatar>
        <Text size="sm" fw={600} maw={140} truncate>
          {name}
        </Text>
        <IconChevronDown size={14} stroke={1.8} />
      </Group>
    </UnstyledButton>
  );
}

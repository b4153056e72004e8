import { Badge, type BadgeProps } from '@mantine/core';
import { M } from '../../../shared/messages/app';
import type { TApiKeyListItem } from '../../../shared/schemas/api';

/** A seller API key's kind, as the seller's API page and the admin's user page show it: test keys in orange. */
export function ApiKeyModeBadge({ mode, ...props }: { mode: TApiKeyListItem['mode'] } & BadgeProps) {
  return (
    <Badge variant="light" color={mode === 'test' ? 'orange' : 'green'} {...props}>
      {mode === 'test' ? M.api.modeTest : M.api.modeLive}
    </Badge>
  );
}

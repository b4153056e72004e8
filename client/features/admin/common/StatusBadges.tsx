import { Badge } from '@mantine/core';
import { M } from '../../../../shared/messages/admin';

/**
 * Badges sit in table cells and flex rows: never squeezed into an ellipsis. Each names what it is about
 * ('Hesap: Aktif', 'Kredi: Aktif'), so the two never read as the same badge twice (issue 38 item 13).
 */
const NO_SHRINK = { flexShrink: 0, overflow: 'visible' } as const;

/** docs/product.md §4 credit status: balance above 0 → 'Aktif', else 'Kredi Yok'. */
export function CreditStatusBadge({ balance }: { balance: number }) {
  return balance > 0 ? (
    <Badge style={NO_SHRINK} variant="light" color="teal" radius="sm">
      {M.adminUsers.creditBadge(M.adminUsers.creditHas)}
    </Badge>
  ) : (
    <Badge style={NO_SHRINK} variant="light" color="red" radius="sm">
      {M.adminUsers.creditBadge(M.adminUsers.creditNone)}
    </Badge>
  );
}

/** docs/product.md §4 user status (active / passive), or 'Devre dışı' for a disabled account (docs/decisions.md D21). */
export function UserStatusBadge({ active, disabled }: { active: boolean; disabled: boolean }) {
  if (disabled)
    return (
      <Badge style={NO_SHRINK} variant="filled" color="red" radius="sm">
        {M.adminUsers.accountBadge(M.adminUsers.statusDisabled)}
      </Badge>
    );
  return active ? (
    <Badge style={NO_SHRINK} variant="light" color="brand" radius="sm">
      {M.adminUsers.accountBadge(M.adminUsers.statusActive)}
    </Badge>
  ) : (
    <Badge style={NO_SHRINK} variant="light" color="gray" radius="sm">
      {M.adminUsers.accountBadge(M.adminUsers.statusPassive)}
    </Badge>
  );
}

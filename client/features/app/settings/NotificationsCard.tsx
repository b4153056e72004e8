import { IconBell } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/app';
import type { TPreferences } from '../../../../shared/schemas/preferences';
import { ToggleListCard, type ToggleListRow } from './ToggleListCard';
import { perLanguage } from '../../../../shared/messages/localize';

type Notifications = TPreferences['notifications'];

/**
 * Only what the product really sends: the e-mail notifications. The stored preferences keep the
 * spec's other keys (push, marketing, updates), but nothing sends those, so they are not offered.
 */
const ROWS: ToggleListRow<Notifications>[] = perLanguage(() => [
  { key: 'email', label: M.settings.notifEmail, description: M.settings.notifEmailDesc },
]);

export function NotificationsCard({ initial }: { initial: Notifications }) {
  return (
    <ToggleListCard
      title={M.settings.notifications}
      icon={IconBell}
      saveLabel={M.settings.saveNotifications}
      savedText={M.settings.notificationsSaved}
      rows={ROWS}
      initial={initial}
      toInput={(notifications) => ({ section: 'notifications', notifications })}
    />
  );
}

import { IconBell } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/app';
import type { TPreferences } from '../../../../shared/schemas/preferences';
import { ToggleListCard, type ToggleListRow } from './ToggleListCard';
import { perLanguage } from '../../../../shared/messages/localize';

type Notifications = TPreferences['notifications'];

const ROWS: ToggleListRow<Notifications>[] = perLanguage(() => [
  { key: 'email', label: M.settings.notifEmail, description: M.settings.notifEmailDesc },
  { key: 'push', label: M.settings.notifPush, description: M.settings.notifPushDesc },
  { key: 'marketing', label: M.settings.notifMarketing, description: M.settings.notifMarketingDesc },
  { key: 'updates', label: M.settings.notifUpdates, description: M.settings.notifUpdatesDesc },
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

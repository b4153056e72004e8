import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { M } from '../../../../shared/messages';
import type { TPreferences } from '../../../../shared/schemas/preferences';
import { SettingsCard } from './SettingsCard';
import { ToggleRow } from './ToggleRow';
import { useSavePreferences } from './useSavePreferences';

type Notifications = TPreferences['notifications'];

const ROWS: { key: keyof Notifications; label: string; description: string }[] = [
  { key: 'email', label: M.settings.notifEmail, description: M.settings.notifEmailDesc },
  { key: 'push', label: M.settings.notifPush, description: M.settings.notifPushDesc },
  { key: 'marketing', label: M.settings.notifMarketing, description: M.settings.notifMarketingDesc },
  { key: 'updates', label: M.settings.notifUpdates, description: M.settings.notifUpdatesDesc },
];

export function NotificationsCard({ initial }: { initial: Notifications }) {
  const [values, setValues] = useState(initial);
  const { save, pending } = useSavePreferences();
  return (
    <SettingsCard
      title={M.settings.notifications}
      icon={IconBell}
      saveLabel={M.settings.saveNotifications}
      saving={pending}
      onSave={() => void save({ section: 'notifications', notifications: values }, M.settings.notificationsSaved)}
    >
      {ROWS.map((row) => (
        <ToggleRow
          key={row.key}
          label={row.label}
          description={row.description}
          checked={values[row.key]}
          onChange={(checked) => setValues((v) => ({ ...v, [row.key]: checked }))}
        />
      ))}
    </SettingsCard>
  );
}

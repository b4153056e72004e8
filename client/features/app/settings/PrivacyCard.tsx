import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { M } from '../../../../shared/messages';
import type { TPreferences } from '../../../../shared/schemas/preferences';
import { SettingsCard } from './SettingsCard';
import { ToggleRow } from './ToggleRow';
import { useSavePreferences } from './useSavePreferences';

type Privacy = TPreferences['privacy'];

const ROWS: { key: keyof Privacy; label: string; description: string }[] = [
  { key: 'profileVisible', label: M.settings.privProfileVisible, description: M.settings.privProfileVisibleDesc },
  { key: 'showActivity', label: M.settings.privShowActivity, description: M.settings.privShowActivityDesc },
  { key: 'dataCollection', label: M.settings.privDataCollection, description: M.settings.privDataCollectionDesc },
];

export function PrivacyCard({ initial }: { initial: Privacy }) {
  const [values, setValues] = useState(initial);
  const { save, pending } = useSavePreferences();
  return (
    <SettingsCard
      title={M.settings.privacy}
      icon={IconLock}
      saveLabel={M.settings.savePrivacy}
      saving={pending}
      onSave={() => void save({ section: 'privacy', privacy: values }, M.settings.privacySaved)}
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

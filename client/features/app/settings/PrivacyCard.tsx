import { IconLock } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/app';
import type { TPreferences } from '../../../../shared/schemas/preferences';
import { ToggleListCard, type ToggleListRow } from './ToggleListCard';
import { perLanguage } from '../../../../shared/messages/localize';

type Privacy = TPreferences['privacy'];

const ROWS: ToggleListRow<Privacy>[] = perLanguage(() => [
  { key: 'profileVisible', label: M.settings.privProfileVisible, description: M.settings.privProfileVisibleDesc },
  { key: 'showActivity', label: M.settings.privShowActivity, description: M.settings.privShowActivityDesc },
  { key: 'dataCollection', label: M.settings.privDataCollection, description: M.settings.privDataCollectionDesc },
]);

export function PrivacyCard({ initial }: { initial: Privacy }) {
  return (
    <ToggleListCard
      title={M.settings.privacy}
      icon={IconLock}
      saveLabel={M.settings.savePrivacy}
      savedText={M.settings.privacySaved}
      rows={ROWS}
      initial={initial}
      toInput={(privacy) => ({ section: 'privacy', privacy })}
    />
  );
}

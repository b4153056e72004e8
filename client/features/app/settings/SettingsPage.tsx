import { Stack } from '@mantine/core';
import { M } from '../../../../shared/messages/app';
import { readAppError } from '../../../lib/appError';
import { usePageTitle } from '../../site/pageTitle';
import { trpc } from '../../../lib/trpc';
import { FullPageLoader } from '../../common/FullPageLoader';
import { LoadError } from '../../common/LoadError';
import { PageHeader } from '../../common/PageHeader';
import { DangerZoneCard } from './DangerZoneCard';
import { DataExportCard } from './DataExportCard';
import { NotificationsCard } from './NotificationsCard';
import { PreferencesCard } from './PreferencesCard';

/** /app/settings: notifications and preferences saved separately (docs/decisions.md D18), the data export and the danger zone. */
export default function SettingsPage() {
  usePageTitle(M.titles.settings);
  const prefs = trpc.auth.preferences.useQuery();

  let body;
  if (prefs.isPending) body = <FullPageLoader minHeight={240} />;
  else if (prefs.isError)
    body = <LoadError message={readAppError(prefs.error).message} onRetry={() => void prefs.refetch()} minHeight={240} />;
  else {
    const p = prefs.data;
    body = (
      <Stack gap="lg">
        {/* No privacy switches: there are no team members, public profiles or usage analytics to switch. */}
        <NotificationsCard initial={p.notifications} />
        <PreferencesCard initial={{ language: p.language, timezone: p.timezone, theme: p.theme }} />
        <DataExportCard />
        <DangerZoneCard />
      </Stack>
    );
  }

  return (
    <Stack maw={1040} gap={0}>
      <PageHeader title={M.settings.title} subtitle={M.settings.subtitle} />
      {body}
    </Stack>
  );
}

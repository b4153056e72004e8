import { Anchor, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/app';
import { usePageTitle } from '../../site/pageTitle';
import { PageHeader } from '../../common/PageHeader';
import { ApiKeysCard } from './ApiKeysCard';
import { WebhookCard } from './WebhookCard';
import { ApiExamples } from './ApiExamples';
import { SectionCard } from '../../common/SectionCard';
import { CopyField } from '../../common/CopyField';
import { useApiBase } from './useApiBase';

/** /app/api (issue 24 (docs/history.md)): the seller's API keys, webhook with its deliveries, and copyable examples. */
export default function ApiPage() {
  usePageTitle(M.api.title);
  const base = useApiBase();
  return (
    <Stack gap="lg">
      <PageHeader title={M.api.title} subtitle={M.api.subtitle}>
        <Anchor href="/api/docs" target="_blank" rel="noopener" fw={600}>
          {M.api.docsLink} <IconExternalLink size={14} style={{ verticalAlign: 'middle' }} />
        </Anchor>
      </PageHeader>
      <SectionCard title={M.api.whatTitle}>
        <Text size="sm">{M.api.what}</Text>
        <Text fw={600} size="sm" data-testid="for-developer">
          {M.api.forDeveloperTitle}
        </Text>
        <Text size="sm">{M.api.forDeveloper}</Text>
        <Text size="sm" c="dimmed">
          {M.api.docsAddress}
        </Text>
        <CopyField value={`${base}/api/docs`} testId="docs-address" wrap />
      </SectionCard>
      <ApiKeysCard />
      <WebhookCard />
      <ApiExamples />
    </Stack>
  );
}

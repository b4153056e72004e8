import { Anchor, Stack } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/app';
import { usePageTitle } from '../../site/pageTitle';
import { PageHeader } from '../../common/PageHeader';
import { ApiKeysCard } from './ApiKeysCard';
import { WebhookCard } from './WebhookCard';
import { ApiExamples } from './ApiExamples';

/** /app/api (issue 24 (docs/history.md)): the seller's API keys, webhook with its deliveries, and copyable examples. */
export default function ApiPage() {
  usePageTitle(M.api.title);
  return (
    <Stack gap="lg">
      <PageHeader title={M.api.title} subtitle={M.api.subtitle}>
        <Anchor href="/api/docs" target="_blank" rel="noopener" fw={600}>
          {M.api.docsLink} <IconExternalLink size={14} style={{ verticalAlign: 'middle' }} />
        </Anchor>
      </PageHeader>
      <ApiKeysCard />
      <WebhookCard />
      <ApiExamples />
    </Stack>
  );
}

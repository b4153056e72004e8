import { Anchor, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { M } from '../../../shared/messages/public';
import { LEGAL_PAGES, LEGAL_PAGE_KEYS, type LegalPageKey } from '../../../shared/legal';
import { usePageTitle } from '../site/pageTitle';
import { readAppError } from '../../lib/appError';
import { trpc } from '../../lib/trpc';
import { FullPageLoader } from '../common/FullPageLoader';
import { LoadError } from '../common/LoadError';
import { LegalText } from './LegalText';
import { formatDate } from '../../lib/format';
import { perLanguage } from '../../../shared/messages/localize';

export const LEGAL_TITLES: Record<LegalPageKey, string> = perLanguage(() => ({
  privacy: M.nav.privacy,
  terms: M.nav.terms,
  kvkk: M.nav.kvkk,
  cookies: M.nav.cookies,
}));

/** /gizlilik, /kullanim-kosullari, /kvkk, /cerez-politikasi: texts the admin edits (docs/decisions.md D33). */
export default function LegalPage({ page }: { page: LegalPageKey }) {
  const title = LEGAL_TITLES[page];
  usePageTitle(title);
  const q = trpc.legal.page.useQuery({ page });
  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder p={{ base: 'lg', sm: 40 }} radius="lg">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {title}
            </Title>
            {q.data?.updatedAt && (
              <Text size="sm" c="dimmed">
                {M.legal.lastUpdated(formatDate(q.data.updatedAt))}
              </Text>
            )}
          </Stack>
          {q.isLoading && <FullPageLoader minHeight={200} />}
          {q.error && <LoadError message={readAppError(q.error).message} onRetry={() => void q.refetch()} minHeight={200} />}
          {q.data && <LegalText body={q.data.body} />}
          <Group gap="md" pt="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            {LEGAL_PAGE_KEYS.filter((k) => k !== page).map((k) => (
              <Anchor key={k} component={Link} to={LEGAL_PAGES[k].path} size="sm">
                {LEGAL_TITLES[k]}
              </Anchor>
            ))}
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}

import { Badge, Button, Card, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { M } from '../../../../shared/messages/admin';
import { isMultilineContent } from '../../../../shared/schemas/admin';
import { toastSuccess } from '../../../lib/toast';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { LoadError } from '../../common/LoadError';
import { FullPageLoader } from '../../common/FullPageLoader';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { ConfirmModal } from '../common/ConfirmModal';
import { toastAdminError } from '../common/errors';
import { formatDateTime } from '../../../lib/format';
import { ContentCounters } from './ContentCounters';

type Item = RouterOutputs['admin']['content']['list']['items'][number];
const contentText = M.adminContent;
/** The page order of the landing sections (the server lists them alphabetically, SPEC §7). */
const SECTION_ORDER = ['hero', 'stats', 'features', 'portfolio', 'testimonials', 'cta'];

/** /admin/content: site texts by section, only changed ones saved; reset to the built-in texts. */
export default function AdminContentPage() {
  const utils = trpc.useUtils();
  const query = trpc.admin.content.list.useQuery(undefined, { staleTime: 0, refetchOnWindowFocus: false });
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [confirmReset, setConfirmReset] = useState(false);

  const items = query.data?.items;
  const changed = useMemo(() => (items ?? []).filter((i) => edits[i.id] !== undefined && edits[i.id] !== i.value), [items, edits]);
  const dirty = changed.length > 0;

  // Leaving the page with unsaved texts asks first (the browser's own prompt).
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const save = trpc.admin.content.save.useMutation({
    onSuccess: async ({ saved }) => {
      await utils.admin.content.list.invalidate();
      setEdits({});
      toastSuccess(contentText.saved(saved));
      void utils.content.landing.invalidate();
    },
    onError: (e) => toastAdminError(e, M.admin.contentSaveFailed),
  });
  const reset = trpc.admin.content.reset.useMutation({
    onSuccess: async () => {
      await utils.admin.content.list.invalidate();
      setEdits({});
      setConfirmReset(false);
      toastSuccess(contentText.resetDone);
      void utils.content.landing.invalidate();
    },
    onError: (e) => toastAdminError(e, M.admin.contentSaveFailed),
  });

  const saveChanged = () => save.mutate({ items: changed.map((i) => ({ id: i.id, value: edits[i.id] })) });

  const sections = useMemo(() => {
    const by = new Map<string, Item[]>();
    for (const i of items ?? []) by.set(i.section, [...(by.get(i.section) ?? []), i]);
    // Within a section, the built-in order (title, subtitle, buttons); other keys after them.
    const rank = (i: Item) => {
      const keys = Object.keys((M.defaults.content as Record<string, Record<string, unknown>>)[i.section] ?? {});
      const at = keys.indexOf(i.key);
      return at < 0 ? keys.length : at;
    };
    for (const rows of by.values()) rows.sort((a, b) => rank(a) - rank(b) || a.key.localeCompare(b.key));
    return [...by.entries()].sort(([a], [b]) => SECTION_ORDER.indexOf(a) - SECTION_ORDER.indexOf(b));
  }, [items]);

  const header = (
    <AdminPageHeader
      title={M.admin.navContent}
      subtitle={contentText.subtitle}
      actions={
        <>
          {dirty && (
            <Badge size="lg" color="orange" variant="light" radius="sm" data-testid="unsaved-flag">
              {contentText.unsaved}
            </Badge>
          )}
          <Button variant="default" leftSection={<IconRestore size={16} />} onClick={() => setConfirmReset(true)} disabled={!items}>
            {contentText.reset}
          </Button>
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            disabled={!dirty}
            loading={save.isPending}
            onClick={saveChanged}
          >
            {contentText.save}
          </Button>
        </>
      }
    />
  );

  if (query.isError && !query.data) {
    return (
      <>
        {header}
        <LoadError message={M.admin.contentLoadFailed} onRetry={() => void query.refetch()} minHeight="40vh" />
      </>
    );
  }
  if (!query.data) {
    return (
      <>
        {header}
        <FullPageLoader minHeight="40vh" />
      </>
    );
  }

  return (
    <Stack gap="md" maw={1100}>
      {header}
      <ContentCounters counts={query.data.counts} />
      {sections.map(([section, rows]) => (
        <Card key={section} padding="lg">
          <Title order={2} fz="md" mb="md">
            {contentText.sections[section] ?? section}
          </Title>
          <Stack gap="md">
            {rows.map((item) => {
              const value = edits[item.id] ?? item.value;
              const isChanged = value !== item.value;
              const label = (
                <Group gap={8} component="span" wrap="nowrap">
                  <span>{item.description || item.key}</span>
                  <Text span size="xs" c="dimmed" ff="monospace">
                    {item.key}
                  </Text>
                  {isChanged && (
                    <Badge size="xs" color="orange" variant="light">
                      {contentText.changed}
                    </Badge>
                  )}
                </Group>
              );
              const common = {
                label,
                value,
                description: item.updatedBy ? contentText.lastUpdated(`${formatDateTime(item.updatedAt)} · ${item.updatedBy}`) : undefined,
                onChange: (e: { currentTarget: { value: string } }) => {
                  const v = e.currentTarget.value;
                  setEdits((cur) => ({ ...cur, [item.id]: v }));
                },
                'data-content-key': `${section}.${item.key}`,
              };
              // Decided by the saved text, so typing past 80 characters never swaps the field under the cursor.
              return isMultilineContent(item.key, item.value) ? (
                <Textarea key={item.id} autosize minRows={2} maxRows={8} {...common} />
              ) : (
                <TextInput key={item.id} {...common} />
              );
            })}
          </Stack>
        </Card>
      ))}
      {dirty && (
        <Paper
          withBorder
          shadow="md"
          p="sm"
          radius="lg"
          style={{ position: 'sticky', bottom: 16, zIndex: 5 }}
          data-testid="unsaved-bar"
        >
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" fw={600} c="red.9">
              {contentText.unsaved} ({changed.length})
            </Text>
            <Group gap="sm">
              <Button variant="default" size="sm" onClick={() => setEdits({})}>
                {contentText.discard}
              </Button>
              <Button size="sm" loading={save.isPending} onClick={saveChanged}>
                {contentText.save}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      <ConfirmModal
        opened={confirmReset}
        title={contentText.resetTitle}
        message={M.admin.confirmContentReset}
        confirmLabel={contentText.reset}
        loading={reset.isPending}
        onConfirm={() => reset.mutate()}
        onClose={() => setConfirmReset(false)}
      />
    </Stack>
  );
}

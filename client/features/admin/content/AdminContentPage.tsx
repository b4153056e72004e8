import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/admin';
import { QueryView } from '../../common/QueryView';
import { FullPageLoader } from '../../common/FullPageLoader';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { ConfirmModal } from '../common/ConfirmModal';
import { ContentCounters } from './ContentCounters';
import { ContentSectionCard } from './ContentSectionCard';
import { useContentEditor } from './useContentEditor';

const contentText = M.adminContent;

/** /admin/content: site texts by section, only changed ones saved; reset to the built-in texts. */
export default function AdminContentPage() {
  const editor = useContentEditor();
  const { query } = editor;

  const header = (
    <AdminPageHeader
      title={M.admin.navContent}
      subtitle={contentText.subtitle}
      actions={
        <>
          {editor.dirty && (
            <Badge size="lg" color="orange" variant="light" radius="sm" data-testid="unsaved-flag">
              {contentText.unsaved}
            </Badge>
          )}
          <Button
            variant="default"
            leftSection={<IconRestore size={16} />}
            onClick={() => editor.setConfirmReset(true)}
            disabled={!query.data}
          >
            {contentText.reset}
          </Button>
          <Button leftSection={<IconDeviceFloppy size={16} />} disabled={!editor.dirty} loading={editor.saving} onClick={editor.save}>
            {contentText.save}
          </Button>
        </>
      }
    />
  );

  if (!query.data) {
    return (
      <>
        {header}
        <QueryView query={query} error={M.admin.contentLoadFailed} minHeight="40vh">
          <FullPageLoader minHeight="40vh" />
        </QueryView>
      </>
    );
  }

  return (
    <Stack gap="md" maw={1100}>
      {header}
      <ContentCounters counts={query.data.counts} />
      {editor.sections.map(([section, rows]) => (
        <ContentSectionCard key={section} section={section} rows={rows} edits={editor.edits} onEdit={editor.edit} />
      ))}
      {editor.dirty && (
        <Paper withBorder shadow="md" p="sm" radius="lg" style={{ position: 'sticky', bottom: 16, zIndex: 5 }} data-testid="unsaved-bar">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" fw={600} c="red.9">
              {contentText.unsaved} ({editor.changedCount})
            </Text>
            <Group gap="sm">
              <Button variant="default" size="sm" onClick={editor.discard}>
                {contentText.discard}
              </Button>
              <Button size="sm" loading={editor.saving} onClick={editor.save}>
                {contentText.save}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      <ConfirmModal
        opened={editor.confirmReset}
        title={contentText.resetTitle}
        message={M.admin.confirmContentReset}
        confirmLabel={contentText.reset}
        loading={editor.resetting}
        onConfirm={editor.reset}
        onClose={() => editor.setConfirmReset(false)}
      />
    </Stack>
  );
}

import { Badge, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { M } from '../../../../shared/messages/admin';
import { isMultilineContent } from '../../../../shared/schemas/admin';
import { formatDateTime } from '../../../lib/format';
import type { ContentItem } from './useContentEditor';

const contentText = M.adminContent;

/** One landing section's texts, each a field showing its key, whether it changed and who saved it last. */
export function ContentSectionCard(props: {
  section: string;
  rows: ContentItem[];
  edits: Record<string, string>;
  onEdit: (id: string, value: string) => void;
}) {
  return (
    <Card padding="lg">
      <Title order={2} fz="md" mb="md">
        {contentText.sections[props.section] ?? props.section}
      </Title>
      <Stack gap="md">
        {props.rows.map((item) => (
          <ContentField
            key={item.id}
            section={props.section}
            item={item}
            value={props.edits[item.id] ?? item.value}
            onEdit={props.onEdit}
          />
        ))}
      </Stack>
    </Card>
  );
}

function ContentField({
  section,
  item,
  value,
  onEdit,
}: {
  section: string;
  item: ContentItem;
  value: string;
  onEdit: (id: string, value: string) => void;
}) {
  const label = (
    <Group gap={8} component="span" wrap="nowrap">
      <span>{item.description || item.key}</span>
      <Text span size="xs" c="dimmed" ff="monospace">
        {item.key}
      </Text>
      {value !== item.value && (
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
    onChange: (e: { currentTarget: { value: string } }) => onEdit(item.id, e.currentTarget.value),
    'data-content-key': `${section}.${item.key}`,
  };
  // Decided by the saved text, so typing past 80 characters never swaps the field under the cursor.
  return isMultilineContent(item.key, item.value) ? <Textarea autosize minRows={2} maxRows={8} {...common} /> : <TextInput {...common} />;
}

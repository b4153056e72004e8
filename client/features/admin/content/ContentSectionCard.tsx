import { Badge, Card, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { M } from '../../../../shared/messages/admin';
import { isMultilineContent } from '../../../../shared/schemas/admin';
import { formatDateTime } from '../../../lib/format';
import { hasEnglish, shownText, type ContentEdits, type ContentItem, type ContentLanguage } from './useContentEditor';

const contentText = M.adminContent;
const L = M.adminLanguages;

/**
 * One landing section's texts, each a field showing its key, whether it changed and who saved it last;
 * the landing's texts in Turkish and, beside them, in English (issue 38 item 5; the legal pages are
 * Turkish only).
 */
export function ContentSectionCard(props: {
  section: string;
  rows: ContentItem[];
  edits: ContentEdits;
  onEdit: (id: string, language: ContentLanguage, value: string) => void;
}) {
  return (
    <Card padding="lg">
      <Title order={2} fz="md" mb="md">
        {contentText.sections[props.section] ?? props.section}
      </Title>
      <Stack gap="md">
        {props.rows.map((item) =>
          hasEnglish(item) ? (
            <SimpleGrid key={item.id} cols={{ base: 1, md: 2 }} spacing="md" data-testid="content-pair">
              <ContentField section={props.section} item={item} language="tr" edits={props.edits} onEdit={props.onEdit} />
              <ContentField section={props.section} item={item} language="en" edits={props.edits} onEdit={props.onEdit} />
            </SimpleGrid>
          ) : (
            <ContentField key={item.id} section={props.section} item={item} language="tr" edits={props.edits} onEdit={props.onEdit} />
          ),
        )}
      </Stack>
    </Card>
  );
}

function ContentField({
  section,
  item,
  language,
  edits,
  onEdit,
}: {
  section: string;
  item: ContentItem;
  language: ContentLanguage;
  edits: ContentEdits;
  onEdit: (id: string, language: ContentLanguage, value: string) => void;
}) {
  const value = shownText(item, edits, language);
  const savedValue = language === 'tr' ? item.value : (item.valueEn ?? '');
  const name = item.description || item.key;
  const paired = hasEnglish(item);
  const label = (
    <Group gap={8} component="span" wrap="nowrap">
      <span>{!paired ? name : language === 'tr' ? L.turkish(name) : L.english(name)}</span>
      <Text span size="xs" c="dimmed" ff="monospace">
        {item.key}
      </Text>
      {value !== savedValue && (
        <Badge size="xs" color="orange" variant="light">
          {contentText.changed}
        </Badge>
      )}
    </Group>
  );
  const updated = item.updatedBy ? contentText.lastUpdated(`${formatDateTime(item.updatedAt)} · ${item.updatedBy}`) : undefined;
  const common = {
    label,
    value,
    description: language === 'en' ? (value.trim() === '' ? L.englishEmpty : L.englishHint) : updated,
    onChange: (e: { currentTarget: { value: string } }) => onEdit(item.id, language, e.currentTarget.value),
    'data-content-key': language === 'tr' ? `${section}.${item.key}` : `${section}.${item.key}.en`,
    lang: language,
  };
  // Decided by the saved Turkish text, so typing past 80 characters never swaps the field under the cursor.
  return isMultilineContent(item.key, item.value) ? <Textarea autosize minRows={2} maxRows={8} {...common} /> : <TextInput {...common} />;
}

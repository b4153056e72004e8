import { ActionIcon, Group, Switch, Tooltip } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/admin';

const itemsText = M.adminItems;

/** Card footer for portfolio items and testimonials: show/hide switch, edit, delete. */
export function ItemActions({
  name,
  active,
  toggling,
  onToggle,
  onEdit,
  onDelete,
}: {
  name: string;
  active: boolean;
  toggling: boolean;
  onToggle: (active: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Switch
        size="sm"
        checked={active}
        disabled={toggling}
        onChange={(e) => onToggle(e.currentTarget.checked)}
        label={active ? itemsText.active : itemsText.hidden}
        aria-label={`${name}: ${active ? itemsText.hide : itemsText.show}`}
      />
      <Group gap={4} wrap="nowrap">
        <Tooltip label={itemsText.edit}>
          <ActionIcon variant="light" size="lg" onClick={onEdit} aria-label={`${name}: ${itemsText.edit}`}>
            <IconEdit size={17} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={itemsText.delete}>
          <ActionIcon variant="light" color="red" size="lg" onClick={onDelete} aria-label={`${name}: ${itemsText.delete}`}>
            <IconTrash size={17} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

import { Button, Menu } from '@mantine/core';
import { IconBuildingStore, IconChevronDown } from '@tabler/icons-react';
import { M } from '../../../shared/messages/app';
import { EXPORT_PRESETS, EXPORT_PRESET_IDS, exportUrl } from '../../../shared/export-presets';
import { downloadOne, type useDownloads } from './download';

interface ExportMenuProps {
  generationId: string;
  downloads: ReturnType<typeof useDownloads>;
  size?: 'xs' | 'sm';
}

/**
 * "Pazaryeri için indir": the run's images fitted to a marketplace, rendered
 * on the server (GET /api/generations/{id}/export/{preset}) and saved as a zip.
 */
export function ExportMenu({ generationId, downloads, size = 'sm' }: ExportMenuProps) {
  const busy = downloads.busy?.startsWith(`${generationId}:export`) ?? false;
  const run = (preset: (typeof EXPORT_PRESET_IDS)[number]) =>
    void downloads.run(
      `${generationId}:export:${preset}`,
      () => downloadOne({ url: exportUrl(generationId, preset), name: `vitrin-${preset}-${generationId.slice(0, 8)}.zip` }),
      M.exports.downloaded,
    );
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={240}>
      <Menu.Target>
        <Button
          variant="default"
          size={size}
          leftSection={<IconBuildingStore size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={busy}
          data-testid="export-menu"
        >
          {M.exports.menuLabel}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{M.exports.menuTitle}</Menu.Label>
        {EXPORT_PRESET_IDS.map((id) => {
          const p = EXPORT_PRESETS[id];
          return (
            <Menu.Item key={id} onClick={() => run(id)} data-preset={id}>
              {M.exports.presetItem(p.name, p.width, p.height)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

import { Button, Menu, Text } from '@mantine/core';
import { IconBuildingStore, IconChevronDown, IconPackages } from '@tabler/icons-react';
import { M } from '../../../shared/messages/app';
import { ALL_PRESETS, EXPORT_PRESETS, EXPORT_PRESET_IDS, exportUrl, type ExportChoice } from '../../../shared/export-presets';
import { downloadOne, type useDownloads } from './download';

interface ExportMenuProps {
  generationId: string;
  downloads: ReturnType<typeof useDownloads>;
  size?: 'xs' | 'sm';
}

/**
 * "Pazaryeri için indir": the run's images fitted to a marketplace, rendered
 * on the server (GET /api/generations/{id}/export/{preset}) and saved as a zip; "Tüm pazar yerleri"
 * puts every preset in one zip (counted as one export, issue 38 item 10).
 */
export function ExportMenu({ generationId, downloads, size = 'sm' }: ExportMenuProps) {
  const busy = downloads.busy?.startsWith(`${generationId}:export`) ?? false;
  const short = generationId.slice(0, 8);
  const run = (preset: ExportChoice) =>
    void downloads.run(
      `${generationId}:export:${preset}`,
      () =>
        downloadOne({
          url: exportUrl(generationId, preset),
          name: preset === ALL_PRESETS ? M.exports.allZipName(short) : `vitrin-${preset}-${short}.zip`,
        }),
      M.exports.downloaded,
    );
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={260}>
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
        <Menu.Item onClick={() => run(ALL_PRESETS)} data-preset={ALL_PRESETS} leftSection={<IconPackages size={16} />}>
          <Text size="sm" fw={600}>
            {M.exports.allItem}
          </Text>
          <Text size="xs" c="dimmed">
            {M.exports.allHint(EXPORT_PRESET_IDS.length)}
          </Text>
        </Menu.Item>
        <Menu.Divider />
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

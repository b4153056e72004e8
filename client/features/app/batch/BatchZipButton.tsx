import { Button } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/app';
import { downloadOne, type useDownloads } from '../../generation/download';

/** The batch's white images as one zip (the batch page and its review page share it). */
export function BatchZipButton({
  batchId,
  disabled,
  downloads,
}: {
  batchId: string;
  disabled: boolean;
  downloads: ReturnType<typeof useDownloads>;
}) {
  return (
    <Button
      leftSection={<IconFileZip size={16} />}
      disabled={disabled}
      loading={downloads.busy === 'batch-zip'}
      data-testid="batch-zip"
      onClick={() =>
        void downloads.run(
          'batch-zip',
          () => downloadOne({ url: `/api/batches/${batchId}/white.zip`, name: M.exports.batchZipName }),
          M.generation.allDownloaded,
        )
      }
    >
      {M.exports.batchZip}
    </Button>
  );
}

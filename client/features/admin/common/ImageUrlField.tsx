import { ActionIcon, Box, FileButton, Group, Image, TextInput, Tooltip } from '@mantine/core';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { M } from '../../../../shared/messages/admin';
import { MAX_UPLOAD_BYTES } from '../../../../shared/constants';
import { toastError, toastSuccess } from '../../../lib/toast';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: React.ReactNode;
  required?: boolean;
};

async function uploadAdminImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const res = await fetch('/api/admin/uploads', { method: 'POST', body, credentials: 'same-origin' });
  const json = (await res.json().catch(() => null)) as { url?: string; error?: { message?: string } } | null;
  if (!res.ok || !json?.url) throw new Error(json?.error?.message || M.generation.uploadFailed);
  return json.url;
}

/** docs/product.md §5 image fields: a URL input, or a file uploaded to /api/admin/uploads; with a preview. */
export function ImageUrlField({ label, value, onChange, error, required }: Props) {
  const [uploading, setUploading] = useState(false);
  const [broken, setBroken] = useState<string | null>(null);

  async function pick(file: File | null) {
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) return toastError(M.generation.fileTooLarge);
    setUploading(true);
    try {
      onChange(await uploadAdminImage(file));
      toastSuccess(M.adminItems.uploaded);
    } catch (err) {
      toastError(err instanceof Error ? err.message : M.generation.uploadFailed);
    } finally {
      setUploading(false);
    }
  }

  const showPreview = value.trim() !== '' && broken !== value;
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <Box
        w={64}
        h={64}
        mt={required || label ? 25 : 0}
        style={{
          flex: '0 0 64px',
          borderRadius: 'var(--mantine-radius-md)',
          overflow: 'hidden',
          background: 'var(--mantine-color-gray-1)',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {showPreview ? (
          <Image src={value} alt="" w={64} h={64} fit="cover" onError={() => setBroken(value)} />
        ) : (
          <IconPhoto size={24} stroke={1.5} color="var(--mantine-color-gray-5)" />
        )}
      </Box>
      <TextInput
        style={{ flex: 1, minWidth: 0 }}
        label={label}
        withAsterisk={required}
        placeholder={M.adminItems.imageUrlPlaceholder}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
        rightSectionWidth={42}
        rightSection={
          <FileButton onChange={(f) => void pick(f)} accept="image/png,image/jpeg,image/webp">
            {(props) => (
              <Tooltip label={M.adminItems.upload}>
                <ActionIcon {...props} variant="light" loading={uploading} aria-label={M.adminItems.uploadLabel(label)}>
                  <IconUpload size={16} stroke={1.8} />
                </ActionIcon>
              </Tooltip>
            )}
          </FileButton>
        }
      />
    </Group>
  );
}

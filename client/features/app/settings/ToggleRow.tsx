import { Box, Switch } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { SettingLabel } from './SettingsCard';

/** A described on/off setting. */
export function ToggleRow({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <Box
      component="label"
      htmlFor={id}
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 'var(--mantine-spacing-md)',
        cursor: 'pointer',
      }}
    >
      <SettingLabel label={label} description={description} />
      <Switch id={id} checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} size="md" />
    </Box>
  );
}

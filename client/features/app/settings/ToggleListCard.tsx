import { useState, type ComponentType } from 'react';
import type { TSavePreferences } from '../../../../shared/schemas/preferences';
import { SettingsCard } from './SettingsCard';
import { ToggleRow } from './ToggleRow';
import { useSavePreferences } from './useSavePreferences';

export interface ToggleListRow<T> {
  key: keyof T & string;
  label: string;
  description: string;
}

interface ToggleListCardProps<T extends Record<string, boolean>> {
  title: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  saveLabel: string;
  /** Toast after a successful save. */
  savedText: string;
  rows: ToggleListRow<T>[];
  initial: T;
  /** The save request for this section. */
  toInput: (values: T) => TSavePreferences;
}

/** A settings section made of on/off rows, saved together with its own button. */
export function ToggleListCard<T extends Record<string, boolean>>({
  title,
  icon,
  saveLabel,
  savedText,
  rows,
  initial,
  toInput,
}: ToggleListCardProps<T>) {
  const [values, setValues] = useState(initial);
  const { save, pending } = useSavePreferences();
  return (
    <SettingsCard title={title} icon={icon} saveLabel={saveLabel} saving={pending} onSave={() => void save(toInput(values), savedText)}>
      {rows.map((row) => (
        <ToggleRow
          key={row.key}
          label={row.label}
          description={row.description}
          checked={values[row.key] ?? false}
          onChange={(checked) => setValues((v) => ({ ...v, [row.key]: checked }))}
        />
      ))}
    </SettingsCard>
  );
}

import { Group, SegmentedControl, Select, SimpleGrid, Stack, Text, useMantineColorScheme } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { M } from '../../../../shared/messages/app';
import { LANGUAGES, THEMES, TIMEZONES, type TPreferences } from '../../../../shared/schemas/preferences';
import { trpc } from '../../../lib/trpc';
import { SettingsCard } from './SettingsCard';
import { useSavePreferences } from './useSavePreferences';
import { perLanguage } from '../../../../shared/messages/localize';

type Language = (typeof LANGUAGES)[number];
type Timezone = (typeof TIMEZONES)[number];
type Theme = (typeof THEMES)[number];

const LANGUAGE_LABELS: Record<Language, string> = perLanguage(() => ({ tr: M.settings.languageTr, en: M.settings.languageEn }));
const TIMEZONE_LABELS: Record<Timezone, string> = perLanguage(() => ({
  'Europe/Istanbul': M.settings.tzIstanbul,
  'Europe/London': M.settings.tzLondon,
  'America/New_York': M.settings.tzNewYork,
}));
const THEME_LABELS: Record<Theme, string> = perLanguage(() => ({
  light: M.settings.themeLight,
  dark: M.settings.themeDark,
  auto: M.settings.themeAuto,
}));

type Values = Pick<TPreferences, 'language' | 'timezone' | 'theme'>;

/** Language, time zone and theme; the theme previews at once (docs/decisions.md D18). */
export function PreferencesCard({ initial }: { initial: Values }) {
  const [values, setValues] = useState<Values>(initial);
  const { save, pending } = useSavePreferences();
  const { setColorScheme } = useMantineColorScheme();
  const utils = trpc.useUtils();

  // Leaving the page without saving puts the saved theme back.
  const setSchemeRef = useRef(setColorScheme);
  useEffect(() => {
    setSchemeRef.current = setColorScheme;
  });
  useEffect(
    () => () => {
      const saved = utils.auth.preferences.getData()?.theme;
      if (saved) setSchemeRef.current(saved);
    },
    [utils],
  );

  const setTheme = (theme: Theme) => {
    setValues((v) => ({ ...v, theme }));
    setColorScheme(theme);
  };

  return (
    <SettingsCard
      title={M.settings.preferences}
      icon={IconAdjustments}
      saveLabel={M.settings.savePreferences}
      saving={pending}
      onSave={() => void save({ section: 'preferences', ...values }, M.settings.preferencesSaved)}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={M.settings.language}
          data={LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABELS[value] }))}
          value={values.language}
          onChange={(v) => v && setValues((s) => ({ ...s, language: v as Language }))}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={M.settings.timezone}
          data={TIMEZONES.map((value) => ({ value, label: TIMEZONE_LABELS[value] }))}
          value={values.timezone}
          onChange={(v) => v && setValues((s) => ({ ...s, timezone: v as Timezone }))}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={500} size="sm">
            {M.settings.theme}
          </Text>
        </Group>
        <SegmentedControl
          fullWidth
          value={values.theme}
          onChange={(v) => setTheme(v as Theme)}
          data={THEMES.map((value) => ({ value, label: THEME_LABELS[value] }))}
        />
      </Stack>
    </SettingsCard>
  );
}

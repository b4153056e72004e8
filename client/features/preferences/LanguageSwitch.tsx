import { SegmentedControl } from '@mantine/core';
import { M } from '../../../shared/messages/public';
import { LANGUAGES, isLanguage } from '../../../shared/messages/language';
import { useLanguage } from './LanguageProvider';

/** The header's TR / EN switch: a visitor's choice is remembered, a signed-in user's saved. */
export function LanguageSwitch() {
  const { language, setLanguage } = useLanguage();
  return (
    <SegmentedControl
      size="xs"
      radius="xl"
      aria-label={M.nav.language}
      value={language}
      onChange={(value) => isLanguage(value) && setLanguage(value)}
      data={LANGUAGES.map((value) => ({
        value,
        label: <span title={M.nav.languageNames[value]}>{M.nav.languageShort[value]}</span>,
      }))}
    />
  );
}

import { useMantineColorScheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { trpc } from '../../lib/trpc';
import { useSession } from '../auth/useSession';

/** docs/decisions.md D18: once the session is known, apply the theme the user saved (light, dark, auto). */
export function SavedThemeSync() {
  const { user } = useSession();
  const { setColorScheme } = useMantineColorScheme();
  // setColorScheme changes identity with the scheme; depending on it would undo live previews.
  const setScheme = useRef(setColorScheme);
  useEffect(() => {
    setScheme.current = setColorScheme;
  });
  const prefs = trpc.auth.preferences.useQuery(undefined, { enabled: !!user, staleTime: 5 * 60_000 });
  const theme = prefs.data?.theme;
  useEffect(() => {
    if (theme) setScheme.current(theme);
  }, [theme, user?.id]);
  return null;
}

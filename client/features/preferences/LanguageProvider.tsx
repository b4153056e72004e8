import { createContext, Fragment, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { M } from '../../../shared/messages/public';
import { isLanguage, languageOf, setLanguageSource, type Language } from '../../../shared/messages/language';
import { toastError } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useSession } from '../auth/useSession';

const STORAGE_KEY = 'vitrin.language';

/** A visitor's language: the one last picked in the header (or saved by the signed-in user), else the browser's. */
export function visitorLanguage(): Language {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    // Storage refused (private mode): the browser's language decides.
  }
  return languageOf(typeof navigator === 'undefined' ? null : navigator.language);
}

function remember(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered across visits; the choice still applies now.
  }
}

// What `M` reads: set before the first render so even module-level texts start right.
let active: Language = typeof window === 'undefined' ? 'tr' : visitorLanguage();
setLanguageSource(() => active);
function applyLanguage(language: Language): void {
  active = language;
}

type LanguageState = { language: Language; setLanguage: (language: Language) => void };
const LanguageContext = createContext<LanguageState>({ language: 'tr', setLanguage: () => undefined });

export function useLanguage(): LanguageState {
  return useContext(LanguageContext);
}

/**
 * The language of every text below: the signed-in user's saved preference, else the visitor's
 * choice or browser language; `fixed` overrides both (the back office is Turkish). A change
 * remounts the tree under it, so every text (also ones computed once by a component) is read
 * again; the query cache and the route are kept.
 */
export function LanguageProvider({ fixed, children }: { fixed?: Language; children: ReactNode }) {
  const { user } = useSession();
  const utils = trpc.useUtils();
  const prefs = trpc.auth.preferences.useQuery(undefined, { enabled: !!user, staleTime: 5 * 60_000 });
  const save = trpc.auth.savePreferences.useMutation();
  const [visitor, setVisitor] = useState(visitorLanguage);
  const saved = user ? prefs.data?.language : undefined;
  const chosen = saved ?? visitor;
  const language = fixed ?? chosen;
  // Set during render, not in an effect: the children rendered next (keyed by the language, so
  // rendered afresh) must already read it; the same value on every render of this language.
  applyLanguage(language);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  // The signed-in user's language also greets them before the next sign-in answers.
  useEffect(() => {
    if (saved) remember(saved);
  }, [saved]);

  const state = useMemo<LanguageState>(
    () => ({
      language,
      setLanguage: (next) => {
        remember(next);
        setVisitor(next);
        const current = prefs.data;
        if (!user || !current) return;
        // Applied at once; saved like the settings page saves it, put back if that fails.
        utils.auth.preferences.setData(undefined, { ...current, language: next });
        save.mutate(
          { section: 'preferences', language: next, timezone: current.timezone, theme: current.theme },
          {
            onSuccess: (prefsNow) => utils.auth.preferences.setData(undefined, prefsNow),
            onError: () => {
              utils.auth.preferences.setData(undefined, current);
              toastError(M.nav.languageSaveFailed);
            },
          },
        );
      },
    }),
    [language, prefs.data, user, utils, save],
  );

  return (
    <LanguageContext.Provider value={state}>
      <Fragment key={language}>{children}</Fragment>
    </LanguageContext.Provider>
  );
}

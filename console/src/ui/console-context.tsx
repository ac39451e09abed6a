import { createContext, useContext } from 'react';
import type { ApiClient } from '../api/client';
import type { Account, Session } from '../api/types';
import type { Translate } from '../i18n/translate';
import type { Language } from '../logic/format';
import type { Route } from '../logic/routes';

/** What every view needs: the API, the words, the language, where to go, and who is signed in. */
export type ConsoleContextValue = {
  api: ApiClient;
  t: Translate;
  language: Language;
  setLanguage: (language: Language) => void;
  navigate: (route: Route, search?: string) => void;
  account: Account | null;
  /** The signed-in person (GET /auth/session); the console shows nothing but sign-in without one. */
  session: Session | null;
  refreshAccount: () => void;
  signOut: () => void;
};

export const ConsoleContext = createContext<ConsoleContextValue | null>(null);

export function useConsole(): ConsoleContextValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsole outside ConsoleContext');
  return value;
}

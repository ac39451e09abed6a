import { useCallback, useEffect, useMemo, useState } from 'react';
import { createApiClient } from './api/client';
import { forgetApiKey, readApiKey, storeApiKey } from './api/session';
import type { Account } from './api/types';
import { pickLanguage, translator } from './i18n/translate';
import type { Language } from './logic/format';
import { parseRoute, routePath, type Route } from './logic/routes';
import { ConsoleContext, type ConsoleContextValue } from './ui/console-context';
import { ConsoleHeader } from './views/console-header';
import { RouteView } from './views/route-view';
import { SignInView } from './views/sign-in-view';

const LANGUAGE_SLOT = 'era-console.language';

/** The console: sign-in until a key is known, then the header, the navigation and the route's view. */
export function App() {
  const [route, setRoute] = useState<Route>(() => parseRoute(location.pathname));
  const [language, setLanguageState] = useState<Language>(() => pickLanguage(localStorage.getItem(LANGUAGE_SLOT), navigator.languages ?? []));
  const [account, setAccount] = useState<Account | null>(null);
  const [hasKey, setHasKey] = useState(() => readApiKey() !== null);
  const [signedOutReason, setSignedOutReason] = useState<'expired' | null>(null);

  const t = useMemo(() => translator(language), [language]);
  useEffect(() => {
    document.documentElement.lang = language === 'pt' ? 'pt-BR' : 'en';
    document.title = t('app.title');
  }, [language, t]);
  useEffect(() => {
    const onPop = () => setRoute(parseRoute(location.pathname));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const signOut = useCallback(() => {
    forgetApiKey();
    setAccount(null);
    setHasKey(false);
  }, []);
  // A 401 anywhere: the key is gone or revoked; back to sign-in with a word about why.
  const api = useMemo(() => createApiClient(readApiKey, () => (setSignedOutReason('expired'), signOut())), [signOut]);
  const refreshAccount = useCallback(() => {
    api.getAccount().then(setAccount, () => undefined);
  }, [api]);
  useEffect(() => {
    if (hasKey && !account) refreshAccount();
  }, [hasKey, account, refreshAccount]);

  const navigate = useCallback((next: Route, search = '') => {
    const target = routePath(next) + search;
    if (target !== location.pathname + location.search) history.pushState(null, '', target);
    setRoute(next);
    window.scrollTo(0, 0);
  }, []);

  const value: ConsoleContextValue = {
    api,
    t,
    language,
    setLanguage: (next) => {
      localStorage.setItem(LANGUAGE_SLOT, next);
      setLanguageState(next);
    },
    navigate,
    account,
    refreshAccount,
    signIn: (key, signedIn) => {
      storeApiKey(key);
      setAccount(signedIn);
      setHasKey(true);
      setSignedOutReason(null);
      if (route.view === 'sign-in' || route.view === 'not-found') navigate({ view: 'analyses' });
    },
    signOut,
  };

  return (
    <ConsoleContext.Provider value={value}>
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      {hasKey ? <ConsoleHeader route={route} /> : null}
      <main id="main" tabIndex={-1}>
        {hasKey ? <RouteView route={route} /> : <SignInView reason={signedOutReason} />}
      </main>
    </ConsoleContext.Provider>
  );
}

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createApiClient } from './api/client';
import { forgetTabState } from './api/session';
import type { Account, Session } from './api/types';
import { pickLanguage, translator } from './i18n/translate';
import type { Language } from './logic/format';
import { parseRoute, routePath, type Route } from './logic/routes';
import { ConsoleContext, type ConsoleContextValue } from './ui/console-context';
import { ConsoleHeader } from './views/console-header';
import { RouteView } from './views/route-view';
import { SignInView, type SignedOutReason } from './views/sign-in-view';

const LANGUAGE_SLOT = 'era-console.language';

/**
 * The console: the session is asked for first (GET /auth/session: the cookie is HttpOnly, the page
 * only learns whether it holds one); sign-in until there is one, then the header, the navigation
 * and the route's view.
 */
export function App() {
  const [route, setRoute] = useState<Route>(() => parseRoute(location.pathname));
  const [language, setLanguageState] = useState<Language>(() =>
    pickLanguage(localStorage.getItem(LANGUAGE_SLOT), navigator.languages ?? []),
  );
  const [account, setAccount] = useState<Account | null>(null);
  const [session, setSession] = useState<Session | null>(null);
  const [checked, setChecked] = useState(false);
  const [signedOutReason, setSignedOutReason] = useState<SignedOutReason>(null);
  // The CSRF token of the session, read by the API client on every write.
  const csrf = useRef<string | null>(null);

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

  const forget = useCallback((reason: SignedOutReason) => {
    forgetTabState();
    csrf.current = null;
    setAccount(null);
    setSession(null);
    setSignedOutReason(reason);
  }, []);
  // A 401 anywhere while signed in: the session ended (expired, or signed out elsewhere); back to sign-in with a word about why.
  const api = useMemo(
    () =>
      createApiClient(
        () => csrf.current,
        () => csrf.current !== null && forget('expired'),
      ),
    [forget],
  );
  useEffect(() => {
    api.getSession().then(
      (found) => {
        csrf.current = found.csrf_token;
        setSession(found);
        setChecked(true);
      },
      () => setChecked(true),
    );
  }, [api]);
  const refreshAccount = useCallback(() => {
    api.getAccount().then(setAccount, () => undefined);
  }, [api]);
  useEffect(() => {
    if (session && !account) refreshAccount();
  }, [session, account, refreshAccount]);

  const navigate = useCallback((next: Route, search = '') => {
    const target = routePath(next) + search;
    if (target !== location.pathname + location.search) history.pushState(null, '', target);
    setRoute(next);
    window.scrollTo(0, 0);
  }, []);

  const signOut = useCallback(() => {
    api.signOut().then(
      () => forget('signed-out'),
      () => forget('signed-out'),
    );
  }, [api, forget]);

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
    session,
    refreshAccount,
    signOut,
  };

  return (
    <ConsoleContext.Provider value={value}>
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      {session ? <ConsoleHeader route={route} /> : null}
      <main id="main" tabIndex={-1}>
        {session ? (
          <RouteView route={route} />
        ) : checked ? (
          <SignInView reason={signedOutReason} />
        ) : (
          <p className="hint">{t('state.loading')}</p>
        )}
      </main>
    </ConsoleContext.Provider>
  );
}

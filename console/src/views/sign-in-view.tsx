import { signInUrl } from '../api/session';
import { useConsole } from '../ui/console-context';

export type SignedOutReason = 'expired' | 'signed-out' | null;

/**
 * Sign in through the institution's identity provider (docs/sign-in.md): a plain link to the api's
 * login redirect, which comes back to the console path the person asked for.
 */
export function SignInView({ reason }: { reason: SignedOutReason }) {
  const { t, language, setLanguage } = useConsole();
  const returnTo = location.pathname + location.search;
  return (
    <section className="sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{t('signIn.title')}</h1>
      <p>{t('signIn.intro')}</p>
      {reason === 'expired' ? (
        <div className="notice notice-warning" role="alert">
          {t('signIn.expired')}
        </div>
      ) : null}
      {reason === 'signed-out' ? (
        <div className="notice" role="status" data-testid="signed-out">
          {t('signIn.signedOut')}
        </div>
      ) : null}
      <a className="button" href={signInUrl(returnTo)} data-testid="sign-in">
        {t('signIn.submit')}
      </a>
      <p className="hint">{t('signIn.storage')}</p>
      <label className="language">
        {t('nav.language')}{' '}
        <select value={language} onChange={(e) => setLanguage(e.target.value as 'en' | 'pt')}>
          <option value="en">English</option>
          <option value="pt">Português</option>
        </select>
      </label>
    </section>
  );
}

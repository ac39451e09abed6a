import { useState, type FormEvent } from 'react';
import { createApiClient } from '../api/client';
import { FailureNotice } from '../ui/async-state';
import { useConsole } from '../ui/console-context';
import { useAction, handleAsync } from '../ui/use-api';

/** Sign in with an API key: the key is checked against GET /account before it is kept. */
export function SignInView({ reason }: { reason: 'expired' | null }) {
  const { t, signIn, language, setLanguage } = useConsole();
  const [key, setKey] = useState('');
  const check = useAction(async (candidate: string) => createApiClient(() => candidate, () => undefined).getAccount());
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const candidate = key.trim();
    if (!candidate) return;
    const account = await check.run(candidate);
    if (account) signIn(candidate, account);
  };
  return (
    <section className="sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{t('signIn.title')}</h1>
      <p>{t('signIn.intro')}</p>
      {reason === 'expired' ? <div className="notice notice-warning" role="alert">{t('signIn.expired')}</div> : null}
      <form onSubmit={handleAsync(submit)}>
        <label htmlFor="api-key">{t('signIn.key')}</label>
        <input id="api-key" name="api-key" type="password" autoComplete="off" spellCheck={false} value={key} onChange={(e) => setKey(e.target.value)} placeholder="erk_…" autoFocus required />
        <button type="submit" disabled={check.pending || !key.trim()}>
          {check.pending ? t('state.checking') : t('signIn.submit')}
        </button>
      </form>
      {check.failure ? <FailureNotice failure={check.failure} /> : null}
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

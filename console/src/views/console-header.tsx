import { quotaStandingOf } from '../logic/account-quota';
import { formatNumber, type Language } from '../logic/format';
import type { Route } from '../logic/routes';
import { useConsole } from '../ui/console-context';
import { RouteLink } from '../ui/route-link';

const sections: {
  view: 'analyses' | 'run' | 'screening' | 'webhooks' | 'reports' | 'cases' | 'monitors' | 'batches' | 'audit';
  label:
    | 'nav.analyses'
    | 'nav.run'
    | 'nav.screening'
    | 'nav.webhooks'
    | 'nav.reports'
    | 'nav.cases'
    | 'nav.monitors'
    | 'nav.batches'
    | 'nav.audit';
  also: string[];
}[] = [
  { view: 'analyses', label: 'nav.analyses', also: ['verdict', 'graph'] },
  { view: 'run', label: 'nav.run', also: [] },
  { view: 'screening', label: 'nav.screening', also: [] },
  { view: 'webhooks', label: 'nav.webhooks', also: [] },
  { view: 'reports', label: 'nav.reports', also: ['report'] },
  { view: 'cases', label: 'nav.cases', also: ['case'] },
  { view: 'monitors', label: 'nav.monitors', also: ['monitor', 'alerts'] },
  { view: 'batches', label: 'nav.batches', also: [] },
  { view: 'audit', label: 'nav.audit', also: [] },
];

/** Who is signed in (the person and their role, company, plan, this month's quota use), the sections, the language, sign-out. */
export function ConsoleHeader({ route }: { route: Route }) {
  const { t, account, session, language, setLanguage, signOut } = useConsole();
  const { used, limit } = account ? quotaStandingOf(account, 'analyses') : { used: 0, limit: null };
  return (
    <header className="console-header">
      <div className="brand">{t('app.title')}</div>
      <nav aria-label={t('nav.label')}>
        <ul>
          {sections.map((s) => (
            <li key={s.view}>
              <RouteLink to={{ view: s.view }} current={route.view === s.view || s.also.includes(route.view)}>
                {t(s.label)}
              </RouteLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="account" data-testid="account-summary">
        {session ? (
          <span className="person" data-testid="person">
            <span data-testid="person-name">{session.person.name}</span>{' '}
            <span className="role" data-testid="person-role">
              {t('account.role', { role: session.person.roles.join(', ') })}
            </span>
          </span>
        ) : null}
        {account ? (
          <>
            <span className="company" data-testid="company-name" title={account.company_name || account.company_uuid}>
              {account.company_name || account.company_uuid}
            </span>
            <span className="plan" title={account.plan.code}>
              {t('account.plan', { plan: account.plan.code })}
            </span>
            <span className="quota" title={t('account.period', { period: account.usage.period })}>
              {t('account.quota', { used: formatNumber(used, language), quota: limit === null ? '∞' : formatNumber(limit, language) })}
            </span>
          </>
        ) : (
          <span className="plan">{t('state.loading')}</span>
        )}
        <label className="language">
          <span className="visually-hidden">{t('nav.language')}</span>
          <select value={language} onChange={(e) => setLanguage(e.target.value as Language)} data-testid="language">
            <option value="en">English</option>
            <option value="pt">Português</option>
          </select>
        </label>
        <button type="button" onClick={signOut} data-testid="sign-out">
          {t('nav.signOut')}
        </button>
      </div>
    </header>
  );
}

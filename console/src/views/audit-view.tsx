import type { AuditEvent } from '../api/types';
import { formatDateTime } from '../logic/format';
import { readListPage } from '../logic/list-envelope';
import { AsyncView } from '../ui/async-state';
import { useConsole } from '../ui/console-context';
import { useLoad } from '../ui/use-api';

/** The audit trail for auditors (scope audit:read): the newest events and the chain's verification. */
export function AuditView() {
  const { api, t, language } = useConsole();
  const verification = useLoad(() => api.verifyAuditEvents(), []);
  const events = useLoad(async () => readListPage<AuditEvent>(await api.listAuditEvents('?limit=100')), []);
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{t('audit.title')}</h1>
      <AsyncView state={verification}>
        {(v) => (
          <p
            className={v.valid ? 'notice notice-success' : 'notice notice-error'}
            data-testid="audit-verification"
            data-valid={String(v.valid)}
          >
            {v.valid ? t('audit.valid', { events: String(v.events) }) : t('audit.invalid', { seq: String(v.first_invalid?.seq ?? '?') })}{' '}
            <code className="hash">{v.head_sha256}</code>
          </p>
        )}
      </AsyncView>
      <AsyncView state={events}>
        {(page) => (
          <table className="data-table" data-testid="audit-table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t('audit.at')}</th>
                <th scope="col">{t('audit.actor')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.resource')}</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((e) => (
                <tr key={e.uuid}>
                  <td>{e.seq}</td>
                  <td>{formatDateTime(e.at, language)}</td>
                  <td>
                    {e.actor.name} <span className="muted">({e.actor.type})</span>
                  </td>
                  <td>
                    <code>{e.action}</code>
                  </td>
                  <td>
                    <code className="hash">
                      {e.resource.type} {e.resource.uuid}
                    </code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </AsyncView>
    </section>
  );
}

import { useState } from 'react';
import type { AnalysisSummary, Monitor, MonitoringAlert, RiskLevel } from '../api/types';
import { formatDateTime } from '../logic/format';
import { readListPage } from '../logic/list-envelope';
import {
  type AlertFilters,
  alertListQuery,
  monitorListQuery,
  monitorOffer,
  nextReviewOf,
  type MonitorFilters,
  monitorTimeline,
  noMonitorFilters,
} from '../logic/monitor-actions';
import { AsyncView, FailureNotice } from '../ui/async-state';
import { useConsole } from '../ui/console-context';
import { RiskBadge } from '../ui/risk-badge';
import { RouteLink } from '../ui/route-link';
import { useAction, useLoad } from '../ui/use-api';

const STATUSES: Monitor['status'][] = ['active', 'paused', 'stopped'];
const RISK_LEVELS: RiskLevel[] = ['low', 'medium', 'high', 'critical'];
const KINDS: MonitoringAlert['kind'][] = ['risk_increased', 'risk_decreased', 'signals_changed'];

/** Pause, resume and stop, as the monitor's status allows (docs/monitoring.md); answers with the monitor after it. */
function MonitorActions({ monitor, onChanged }: { monitor: Monitor; onChanged: (m: Monitor) => void }) {
  const { api, t, session } = useConsole();
  const offer = monitorOffer(monitor, session?.scopes.includes('monitors:write') ?? false);
  const act = useAction(async (run: () => Promise<Monitor>) => onChanged(await run()));
  return (
    <span className="actions">
      {offer.pause ? (
        <button
          type="button"
          className="secondary"
          disabled={act.pending}
          onClick={() => void act.run(() => api.pauseMonitor(monitor.uuid))}
          data-testid="monitor-pause"
        >
          {t('monitors.pause')}
        </button>
      ) : null}
      {offer.resume ? (
        <button
          type="button"
          className="secondary"
          disabled={act.pending}
          onClick={() => void act.run(() => api.resumeMonitor(monitor.uuid))}
          data-testid="monitor-resume"
        >
          {t('monitors.resume')}
        </button>
      ) : null}
      {offer.stop ? (
        <button
          type="button"
          className="secondary"
          disabled={act.pending}
          onClick={() => void act.run(() => api.stopMonitor(monitor.uuid))}
          data-testid="monitor-stop"
        >
          {t('monitors.stop')}
        </button>
      ) : null}
      {act.failure ? <FailureNotice failure={act.failure} /> : null}
    </span>
  );
}

/** GET /monitors: the company's monitors, filtered by status, last risk level and open alerts. */
export function MonitorsView() {
  const { api, t, language } = useConsole();
  const [filters, setFilters] = useState<MonitorFilters>(noMonitorFilters);
  const [changed, setChanged] = useState<Record<string, Monitor>>({});
  const monitors = useLoad(
    async () => readListPage<Monitor>(await api.listMonitors(monitorListQuery(filters))),
    [filters.status, filters.riskLevel, filters.openAlerts],
  );
  const set = (patch: Partial<MonitorFilters>) => setFilters((f) => ({ ...f, ...patch }));
  return (
    <section aria-labelledby="monitors-title">
      <h1 id="monitors-title">{t('monitors.title')}</h1>
      <p>
        <RouteLink to={{ view: 'alerts' }}>{t('monitors.inbox')}</RouteLink>
      </p>
      <form className="inline-form filters" onSubmit={(e) => e.preventDefault()} data-testid="monitor-filters">
        <label className="field">
          <span>{t('monitors.status')}</span>
          <select
            value={filters.status}
            onChange={(e) => set({ status: e.target.value as MonitorFilters['status'] })}
            data-testid="filter-monitor-status"
          >
            <option value="">{t('monitors.any')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`monitors.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('monitors.riskLevel')}</span>
          <select
            value={filters.riskLevel}
            onChange={(e) => set({ riskLevel: e.target.value as MonitorFilters['riskLevel'] })}
            data-testid="filter-monitor-risk"
          >
            <option value="">{t('monitors.any')}</option>
            {RISK_LEVELS.map((r) => (
              <option key={r} value={r}>
                {t(`risk.${r}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('monitors.openAlerts')}</span>
          <select
            value={filters.openAlerts}
            onChange={(e) => set({ openAlerts: e.target.value as MonitorFilters['openAlerts'] })}
            data-testid="filter-monitor-alerts"
          >
            <option value="">{t('monitors.any')}</option>
            <option value="true">{t('monitors.withOpenAlerts')}</option>
            <option value="false">{t('monitors.withoutOpenAlerts')}</option>
          </select>
        </label>
      </form>
      <AsyncView state={monitors}>
        {(page) =>
          page.items.length ? (
            <table className="data-table" data-testid="monitors-table">
              <thead>
                <tr>
                  <th scope="col">{t('monitors.subject')}</th>
                  <th scope="col">{t('monitors.status')}</th>
                  <th scope="col">{t('monitors.lastVerdict')}</th>
                  <th scope="col">{t('monitors.openAlerts')}</th>
                  <th scope="col">{t('monitors.nextReview')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('monitors.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((listed) => {
                  const m = changed[listed.uuid] ?? listed;
                  return (
                    <tr key={m.uuid} data-testid="monitor-row" data-monitor={m.uuid} data-status={m.status}>
                      <td>
                        <RouteLink to={{ view: 'monitor', uuid: m.uuid }}>
                          {m.subject.name ?? m.subject.document ?? m.subject.entity_id}
                        </RouteLink>
                        {m.client_reference ? <span className="muted"> · {m.client_reference}</span> : null}
                      </td>
                      <td data-testid="monitor-status">{t(`monitors.status.${m.status}`)}</td>
                      <td>
                        {m.last_verdict ? (
                          <RiskBadge level={m.last_verdict.risk_level} score={m.last_verdict.score} />
                        ) : (
                          t('monitors.baselineRunning')
                        )}
                      </td>
                      <td>{m.open_alerts}</td>
                      <td data-testid="monitor-next-review">{nextReviewOf(m) ? formatDateTime(nextReviewOf(m)!, language) : '—'}</td>
                      <td>
                        <MonitorActions monitor={m} onChanged={(next) => setChanged((c) => ({ ...c, [next.uuid]: next }))} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ) : (
            <p className="empty">{t('monitors.empty')}</p>
          )
        }
      </AsyncView>
    </section>
  );
}

/** An alert's line: what changed, from which verdict to which, its causes, and acknowledge while open. */
function AlertLine({ alert, onAcknowledged }: { alert: MonitoringAlert; onAcknowledged: (a: MonitoringAlert) => void }) {
  const { api, t, session } = useConsole();
  const act = useAction(async () => onAcknowledged(await api.acknowledgeAlert(alert.uuid)));
  const canWrite = session?.scopes.includes('monitors:write') ?? false;
  return (
    <div className="alert-line" data-testid="alert" data-alert={alert.uuid} data-status={alert.status} data-kind={alert.kind}>
      <strong>{t(`alerts.kind.${alert.kind}`)}</strong> <RiskBadge level={alert.previous.risk_level} score={alert.previous.score} /> →{' '}
      <RiskBadge level={alert.current.risk_level} score={alert.current.score} />
      {alert.signals_added.length ? (
        <span className="muted"> · {t('alerts.added', { signals: alert.signals_added.join(', ') })}</span>
      ) : null}
      {alert.signals_removed.length ? (
        <span className="muted"> · {t('alerts.removed', { signals: alert.signals_removed.join(', ') })}</span>
      ) : null}
      <span className="muted"> · {t('alerts.causes', { causes: alert.causes.map((c) => `${c.source} ${c.version}`).join(', ') })}</span>{' '}
      {alert.status === 'open' && canWrite ? (
        <button type="button" className="secondary" disabled={act.pending} onClick={() => void act.run()} data-testid="alert-acknowledge">
          {t('alerts.acknowledge')}
        </button>
      ) : (
        <span className="muted" data-testid="alert-status">
          {t(`alerts.status.${alert.status}`)}
        </span>
      )}
      {act.failure ? <FailureNotice failure={act.failure} /> : null}
    </div>
  );
}

/**
 * One monitor and its timeline of verdicts: every check (an analysis of mode `monitoring` of the
 * subject, GET /analyses) newest first, with its risk level and the alert it raised, if any.
 */
export function MonitorView({ uuid }: { uuid: string }) {
  const { api, t, language } = useConsole();
  const [current, setCurrent] = useState<Monitor | null>(null);
  const [acknowledged, setAcknowledged] = useState<Record<string, MonitoringAlert>>({});
  const loaded = useLoad(async () => {
    const monitor = await api.getMonitor(uuid);
    const [checks, alerts] = await Promise.all([
      api.listAnalyses(`?mode=monitoring&entity_id=${monitor.subject.entity_id}&limit=200`),
      api.listMonitorAlerts(uuid, '?limit=200'),
    ]);
    // The subject's checks since this monitor began (an earlier monitor of the same subject had its own).
    const own = readListPage<AnalysisSummary>(checks).items.filter(
      (a) => a.created_at >= monitor.created_at || a.uuid === monitor.baseline_analysis_uuid,
    );
    return { monitor, checks: own, alerts: readListPage<MonitoringAlert>(alerts).items };
  }, [uuid]);
  return (
    <AsyncView state={loaded}>
      {({ monitor: fetched, checks, alerts }) => {
        const m = current?.uuid === uuid ? current : fetched;
        const timeline = monitorTimeline(
          m,
          checks.map((c) => ({ uuid: c.uuid, created_at: c.created_at, status: c.status, risk_level: c.risk_level, score: c.score })),
          alerts.map((a) => acknowledged[a.uuid] ?? a),
        );
        return (
          <article aria-labelledby="monitor-title" data-testid="monitor" data-status={m.status}>
            <h1 id="monitor-title">{m.subject.name ?? m.subject.document ?? m.subject.entity_id}</h1>
            <p className="muted">
              <span data-testid="monitor-status">{t(`monitors.status.${m.status}`)}</span>
              {m.client_reference ? ` · ${m.client_reference}` : ''} ·{' '}
              <RouteLink to={{ view: 'monitors' }}>{t('monitors.title')}</RouteLink>
            </p>
            <dl className="card facts">
              <dt>{t('monitors.lastVerdict')}</dt>
              <dd>
                {m.last_verdict ? (
                  <RiskBadge level={m.last_verdict.risk_level} score={m.last_verdict.score} />
                ) : (
                  t('monitors.baselineRunning')
                )}
              </dd>
              <dt>{t('monitors.lastChecked')}</dt>
              <dd>{m.last_checked_at ? formatDateTime(m.last_checked_at, language) : '—'}</dd>
              <dt>{t('monitors.nextReview')}</dt>
              <dd data-testid="monitor-next-review">{nextReviewOf(m) ? formatDateTime(nextReviewOf(m)!, language) : '—'}</dd>
              <dt>{t('monitors.openAlerts')}</dt>
              <dd>{m.open_alerts}</dd>
            </dl>
            <MonitorActions monitor={m} onChanged={setCurrent} />
            <section aria-labelledby="timeline-title">
              <h2 id="timeline-title">{t('monitors.timeline')}</h2>
              <ol className="timeline" data-testid="monitor-timeline">
                {timeline.map(({ check, alert, baseline }) => (
                  <li key={check.uuid} data-testid="timeline-entry" data-analysis={check.uuid} data-alerted={String(alert !== null)}>
                    <span>{formatDateTime(check.created_at, language)}</span>{' '}
                    {check.risk_level ? (
                      <RiskBadge level={check.risk_level} score={check.score ?? undefined} />
                    ) : (
                      <span className="muted">{check.status}</span>
                    )}{' '}
                    <RouteLink to={{ view: 'verdict', uuid: check.uuid }}>{t('monitors.verdict')}</RouteLink>
                    {baseline ? <span className="muted"> · {t('monitors.baseline')}</span> : null}
                    {alert ? (
                      <AlertLine alert={alert} onAcknowledged={(a) => setAcknowledged((s) => ({ ...s, [a.uuid]: a }))} />
                    ) : baseline ? null : (
                      <span className="muted"> · {t('monitors.unchanged')}</span>
                    )}
                  </li>
                ))}
              </ol>
            </section>
          </article>
        );
      }}
    </AsyncView>
  );
}

/** GET /monitoring/alerts: the inbox, open first by default, filtered by status and kind; acknowledge. */
export function AlertsView() {
  const { api, t, language } = useConsole();
  const [filters, setFilters] = useState<AlertFilters>({ status: 'open', kind: '' });
  const [acknowledged, setAcknowledged] = useState<Record<string, MonitoringAlert>>({});
  const alerts = useLoad(
    async () => readListPage<MonitoringAlert>(await api.listAlerts(alertListQuery(filters))),
    [filters.status, filters.kind],
  );
  return (
    <section aria-labelledby="alerts-title">
      <h1 id="alerts-title">{t('alerts.title')}</h1>
      <form className="inline-form filters" onSubmit={(e) => e.preventDefault()}>
        <label className="field">
          <span>{t('alerts.status')}</span>
          <select
            value={filters.status}
            onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value as AlertFilters['status'] }))}
            data-testid="filter-alert-status"
          >
            <option value="">{t('monitors.any')}</option>
            <option value="open">{t('alerts.status.open')}</option>
            <option value="acknowledged">{t('alerts.status.acknowledged')}</option>
          </select>
        </label>
        <label className="field">
          <span>{t('alerts.kind')}</span>
          <select
            value={filters.kind}
            onChange={(e) => setFilters((f) => ({ ...f, kind: e.target.value as AlertFilters['kind'] }))}
            data-testid="filter-alert-kind"
          >
            <option value="">{t('monitors.any')}</option>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`alerts.kind.${k}`)}
              </option>
            ))}
          </select>
        </label>
      </form>
      <AsyncView state={alerts}>
        {(page) =>
          page.items.length ? (
            <ul className="alert-inbox" data-testid="alert-inbox">
              {page.items.map((listed) => {
                const a = acknowledged[listed.uuid] ?? listed;
                return (
                  <li key={a.uuid}>
                    <span>{formatDateTime(a.created_at, language)}</span>{' '}
                    <RouteLink to={{ view: 'monitor', uuid: a.monitor_uuid }}>{a.client_reference ?? t('alerts.monitor')}</RouteLink>
                    <AlertLine alert={a} onAcknowledged={(next) => setAcknowledged((s) => ({ ...s, [next.uuid]: next }))} />
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="empty" data-testid="alerts-empty">
              {t('alerts.empty')}
            </p>
          )
        }
      </AsyncView>
    </section>
  );
}

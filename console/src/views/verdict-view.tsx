import { formatDateTime } from '../logic/format';
import { verdictFlags } from '../logic/verdict-summary';
import { AsyncView } from '../ui/async-state';
import { useConsole } from '../ui/console-context';
import { RiskBadge } from '../ui/risk-badge';
import { RouteLink } from '../ui/route-link';
import { useLoad } from '../ui/use-api';
import { AsyncProgress } from './async-progress';
import { PillarChart } from './pillar-chart';
import { ExplanationSteps, MetaSignalsPanel, SignalsPanel } from './signals-panel';
import { VersionsPanel } from './versions-panel';

/** One analysis: the score and level, the flags, the pillars, the signals, the explanation, the versions and the replay. */
export function VerdictView({ uuid }: { uuid: string }) {
  const { api, t, language } = useConsole();
  const read = useLoad(() => api.getAnalysis(uuid), [uuid]);
  const completed = read.status === 'ready' && read.data.status === 'completed';
  const signals = useLoad(async () => (completed ? (await api.listAnalysisSignals(uuid)).signals : null), [uuid, completed]);
  const explanation = useLoad(async () => (completed ? (await api.getAnalysisExplanation(uuid)).explanation : null), [uuid, completed]);
  return (
    <AsyncView state={read}>
      {(analysis) => (
        <article className="verdict" aria-labelledby="verdict-title" data-testid="verdict">
          <div className="section-head">
            <div>
              <h1 id="verdict-title">{analysis.subject?.display_name ?? `#${analysis.entity_id}`}</h1>
              <p className="muted">
                {analysis.subject?.document ?? ''} · {t('verdict.entity')} {analysis.entity_id} · {analysis.mode} ·{' '}
                {t(`status.${analysis.status}` as 'status.completed')} ·{' '}
                {formatDateTime(analysis.completed_at ?? analysis.created_at, language)}
              </p>
            </div>
            {completed ? (
              <RouteLink to={{ view: 'graph', uuid }} className="button">
                {t('verdict.openGraph')}
              </RouteLink>
            ) : null}
          </div>
          {!completed ? <AsyncProgress uuid={uuid} onCompleted={read.reload} /> : null}
          {analysis.risk ? (
            <section className="card score-card" aria-label={t('verdict.risk')}>
              <div className="score" data-testid="score">
                {analysis.risk.score}
              </div>
              <RiskBadge level={analysis.risk.risk_level} />
              <ul className="flags">
                {verdictFlags(analysis.risk).map((flag) => (
                  <li key={flag.key} className={flag.on ? 'flag-on' : 'flag-off'} data-flag={flag.key} data-on={flag.on}>
                    {flag.on ? '●' : '○'} {t(`verdict.flag.${flag.key}`)}
                  </li>
                ))}
              </ul>
              {analysis.risk.escalation_reasons?.length ? (
                <ul className="reasons">
                  {analysis.risk.escalation_reasons.map((r, i) => (
                    <li key={i}>{r.reason ?? r.code}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ) : null}
          {analysis.risk ? (
            <section aria-labelledby="pillars-title">
              <h2 id="pillars-title">{t('verdict.pillars')}</h2>
              <PillarChart breakdown={analysis.risk.pillar_breakdown} />
            </section>
          ) : null}
          {completed ? <SignalsPanel state={signals} /> : null}
          {analysis.risk?.meta_signals?.length ? <MetaSignalsPanel metaSignals={analysis.risk.meta_signals} /> : null}
          {completed ? <ExplanationSteps state={explanation} /> : null}
          {analysis.risk ? (
            <section aria-labelledby="limitations-title">
              <h2 id="limitations-title">{t('verdict.limitations')}</h2>
              {analysis.risk.limitations?.length ? (
                <ul>
                  {analysis.risk.limitations.map((l, i) => (
                    <li key={i}>{l}</li>
                  ))}
                </ul>
              ) : (
                <p className="empty">{t('verdict.noLimitations')}</p>
              )}
            </section>
          ) : null}
          <VersionsPanel analysis={analysis} />
        </article>
      )}
    </AsyncView>
  );
}

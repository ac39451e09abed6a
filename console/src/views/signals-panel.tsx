import { useState } from 'react';
import type { Evidence, ExplanationStep, MetaSignal, Signal } from '../api/types';
import { formatBasisPoints } from '../logic/format';
import { splitSignals } from '../logic/verdict-summary';
import { AsyncView } from '../ui/async-state';
import { useConsole } from '../ui/console-context';
import type { Loadable } from '../ui/use-api';
import { watchlistMatchesOf } from '../logic/watchlist-match';
import { WatchlistMatchCard } from './watchlist-match-card';

function EvidenceList({ evidences }: { evidences: Evidence[] | undefined }) {
  const { t } = useConsole();
  if (!evidences?.length) return <p className="muted">{t('verdict.noEvidence')}</p>;
  return (
    <ul className="evidences">
      {evidences.map((e, i) => (
        <li key={`${e.key}-${i}`}>
          <strong>{e.label}</strong> — {e.description}
          {e.key === 'watchlist_entry'
            ? watchlistMatchesOf([e]).map((m) => <WatchlistMatchCard key={`${m.list}-${m.entryId}`} match={m} />)
            : null}
          <details>
            <summary>{t('verdict.evidenceData')}</summary>
            <pre>{JSON.stringify({ content: e.content, metadata: e.metadata }, null, 2)}</pre>
          </details>
        </li>
      ))}
    </ul>
  );
}

/** Every signal that fired, with its evidence; the ones evaluated without firing on request. */
export function SignalsPanel({ state }: { state: Loadable<Signal[] | null> & { reload: () => void } }) {
  const { t } = useConsole();
  const [showAll, setShowAll] = useState(false);
  return (
    <section aria-labelledby="signals-title" data-testid="signals">
      <h2 id="signals-title">{t('verdict.signals')}</h2>
      <AsyncView state={state}>
        {(signals) => {
          const { identified, notIdentified } = splitSignals(signals);
          return (
            <>
              {identified.length ? null : <p className="empty">{t('verdict.noSignals')}</p>}
              {identified.map((s) => (
                <details key={s.code} className="signal" data-signal={s.code}>
                  <summary>
                    <code>{s.code}</code> {s.name ?? ''}{' '}
                    <span className="muted">
                      · {s.pillar} · +{s.score}
                    </span>
                  </summary>
                  <EvidenceList evidences={s.evidences} />
                  {s.limitations?.length ? (
                    <p className="muted">
                      {t('verdict.limitations')}: {s.limitations.map((l) => l.justification || l.fields?.join(', ')).join('; ')}
                    </p>
                  ) : null}
                </details>
              ))}
              <button type="button" className="link-button" aria-expanded={showAll} onClick={() => setShowAll(!showAll)}>
                {showAll ? t('verdict.hideNotIdentified') : t('verdict.showNotIdentified', { count: notIdentified.length })}
              </button>
              {showAll ? (
                <ul className="not-identified">
                  {notIdentified.map((s) => (
                    <li key={s.code}>
                      <code>{s.code}</code> {s.name ?? ''} <span className="muted">· {s.pillar}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </>
          );
        }}
      </AsyncView>
    </section>
  );
}

export function MetaSignalsPanel({ metaSignals }: { metaSignals: MetaSignal[] }) {
  const { t, language } = useConsole();
  return (
    <section aria-labelledby="meta-title">
      <h2 id="meta-title">{t('verdict.metaSignals')}</h2>
      {metaSignals
        .filter((m) => m.identified)
        .map((m) => (
          <details key={m.code} className="signal">
            <summary>
              <code>{m.code}</code> {m.name}{' '}
              <span className="muted">
                · {m.base_score} × {formatBasisPoints(m.signal_multiplier, language)} = {m.adjusted_score}
              </span>
            </summary>
            {[...m.applied_aggravants.map((x) => ({ ...x, sign: '+' })), ...m.applied_attenuants.map((x) => ({ ...x, sign: '' }))].map(
              (mod) => (
                <div key={mod.code} className="modifier">
                  <code>{mod.code}</code> {mod.name} ({mod.sign}
                  {formatBasisPoints(mod.multiplier_delta, language)})
                  <EvidenceList evidences={mod.evidences} />
                </div>
              ),
            )}
            <EvidenceList evidences={m.evidences} />
          </details>
        ))}
      {metaSignals.some((m) => !m.identified) ? (
        <p className="muted">
          {t('verdict.metaNotIdentified', {
            codes: metaSignals
              .filter((m) => !m.identified)
              .map((m) => m.code)
              .join(', '),
          })}
        </p>
      ) : null}
    </section>
  );
}

export function ExplanationSteps({ state }: { state: Loadable<ExplanationStep[] | null> & { reload: () => void } }) {
  const { t } = useConsole();
  return (
    <section aria-labelledby="explanation-title">
      <h2 id="explanation-title">{t('verdict.explanation')}</h2>
      <AsyncView state={state}>
        {(steps) => (
          <ol className="explanation">
            {(steps ?? []).map((s) => (
              <li key={s.step} className={`explain-${s.kind}`}>
                {s.text}
              </li>
            ))}
          </ol>
        )}
      </AsyncView>
    </section>
  );
}

import type { WatchlistMatchView } from '../logic/watchlist-match';
import { useConsole } from '../ui/console-context';

/** One watchlist result: the entry, its list version, the score, each feature's score and the matcher's explanation. */
export function WatchlistMatchCard({ match }: { match: WatchlistMatchView }) {
  const { t } = useConsole();
  return (
    <div className="watchlist-match card" data-testid="watchlist-match" data-entry={match.entryId} data-match={String(match.match)}>
      <p>
        <strong>{match.name}</strong>{' '}
        <span className="muted">
          · {match.list} {match.entryId} · {t('watchlists.listVersion', { version: match.listVersion })}
        </span>
      </p>
      <p>
        {t('watchlists.score', { score: match.score })} · {match.match ? t('watchlists.isMatch') : t('watchlists.notMatch')}
        {match.matchedName && match.matchedName !== match.name ? (
          <span className="muted"> · {t('watchlists.matchedName', { name: match.matchedName })}</span>
        ) : null}
      </p>
      <table className="data-table" data-testid="watchlist-features">
        <thead>
          <tr>
            <th scope="col">{t('watchlists.feature')}</th>
            <th scope="col">{t('watchlists.featureScore')}</th>
          </tr>
        </thead>
        <tbody>
          {match.features.map((f) => (
            <tr key={f.feature} data-feature={f.feature}>
              <td>{t(`watchlists.feature.${f.feature}`)}</td>
              <td>{f.score ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="watchlist-explanation" data-testid="watchlist-explanation">
        {match.explanation.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
      {match.programs.length ? <p className="muted">{t('watchlists.programs', { programs: match.programs.join(', ') })}</p> : null}
    </div>
  );
}

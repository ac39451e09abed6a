import { useState, type FormEvent } from 'react';
import type { ApiClient } from '../api/client';
import { formatDateTime } from '../logic/format';
import { orderByStaleness, readWatchlistMatch, type WatchlistFreshnessRow, type WatchlistMatchView } from '../logic/watchlist-match';
import { AsyncView, FailureNotice } from '../ui/async-state';
import { useConsole } from '../ui/console-context';
import { handleAsync, useAction, useLoad } from '../ui/use-api';
import { WatchlistMatchCard } from './watchlist-match-card';

type MatchBody = Parameters<ApiClient['matchWatchlists']>[0];

/**
 * Screening (docs/watchlists.md): how fresh each imported list is (GET /watchlists), and a name the
 * store need not hold matched against the UN, OFAC and EU lists (POST /watchlists/match), each
 * result with its features and explanation.
 */
export function ScreeningView() {
  const { api, t, language } = useConsole();
  const lists = useLoad(async () => orderByStaleness(((await api.listWatchlists()) as { items: WatchlistFreshnessRow[] }).items), []);
  const [schema, setSchema] = useState<'person' | 'organization'>('person');
  const [name, setName] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [nationality, setNationality] = useState('');
  const match = useAction(async () => {
    const query = {
      schema,
      name: name.trim(),
      ...(birthDate.trim() ? { birth_date: birthDate.trim() } : {}),
      ...(nationality.trim() ? { nationality: nationality.trim().toUpperCase() } : {}),
    };
    // The server checks the code against ISO 3166 (422 otherwise); the console passes what was typed.
    const answer = await api.matchWatchlists({ queries: { q: query as MatchBody['queries'][string] } });
    return ((answer.results.q?.matches ?? []) as unknown[]).map(readWatchlistMatch).filter((m): m is WatchlistMatchView => m !== null);
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await match.run();
  };
  return (
    <section aria-labelledby="screening-title">
      <h1 id="screening-title">{t('watchlists.title')}</h1>
      <h2>{t('watchlists.freshness')}</h2>
      <AsyncView state={lists}>
        {(rows) => (
          <table className="data-table" data-testid="watchlist-freshness">
            <thead>
              <tr>
                <th scope="col">{t('watchlists.list')}</th>
                <th scope="col">{t('watchlists.version')}</th>
                <th scope="col">{t('watchlists.published')}</th>
                <th scope="col">{t('watchlists.entries')}</th>
                <th scope="col">{t('watchlists.state')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((l) => (
                <tr key={l.list} data-list={l.list} data-stale={String(l.stale)}>
                  <td title={l.publisher}>
                    <code>{l.list}</code>
                  </td>
                  <td>{l.version ?? '—'}</td>
                  <td>{l.published_at ? formatDateTime(l.published_at, language) : '—'}</td>
                  <td>{l.entries}</td>
                  <td className={l.stale ? 'stale' : 'fresh'}>
                    {l.version === null
                      ? t('watchlists.neverImported')
                      : l.stale
                        ? t('watchlists.stale', { days: l.freshness_days })
                        : t('watchlists.fresh', { days: l.freshness_days })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </AsyncView>
      <h2>{t('watchlists.matchTitle')}</h2>
      <p className="muted">{t('watchlists.matchHelp')}</p>
      <form className="card inline-form" onSubmit={handleAsync(submit)} data-testid="screening-form">
        <label className="field">
          <span>{t('watchlists.schema')}</span>
          <select value={schema} onChange={(e) => setSchema(e.target.value as 'person' | 'organization')} data-testid="screening-schema">
            <option value="person">{t('watchlists.person')}</option>
            <option value="organization">{t('watchlists.organization')}</option>
          </select>
        </label>
        <label className="field">
          <span>{t('watchlists.name')}</span>
          <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={300} data-testid="screening-name" />
        </label>
        <label className="field">
          <span>{t('watchlists.birthDate')}</span>
          <input
            value={birthDate}
            onChange={(e) => setBirthDate(e.target.value)}
            placeholder="YYYY-MM-DD | YYYY"
            pattern="\d{4}(-\d{2}-\d{2})?"
            data-testid="screening-birth-date"
          />
        </label>
        <label className="field">
          <span>{t('watchlists.nationality')}</span>
          <input
            value={nationality}
            onChange={(e) => setNationality(e.target.value)}
            placeholder="BR"
            pattern="[A-Za-z]{2}"
            maxLength={2}
            data-testid="screening-nationality"
          />
        </label>
        <button type="submit" disabled={match.pending} data-testid="screening-submit">
          {t('watchlists.match')}
        </button>
        {match.failure ? <FailureNotice failure={match.failure} /> : null}
      </form>
      {match.result ? (
        <div data-testid="screening-results">
          {match.result.length ? (
            match.result.map((m) => <WatchlistMatchCard key={`${m.list}-${m.entryId}`} match={m} />)
          ) : (
            <p className="empty">{t('watchlists.noMatch')}</p>
          )}
        </div>
      ) : null}
    </section>
  );
}

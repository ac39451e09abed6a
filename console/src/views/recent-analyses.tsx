import { readRecentAnalyses } from '../api/session';
import { formatDateTime } from '../logic/format';
import { useConsole } from '../ui/console-context';
import { RouteLink } from '../ui/route-link';

/** Without the server's list, the analyses run in this tab are still one click away. */
export function RecentAnalyses() {
  const { t, language } = useConsole();
  const recent = readRecentAnalyses();
  return (
    <div className="recent">
      <h2>{t('analyses.recent')}</h2>
      {recent.length ? (
        <ul>
          {recent.map((r) => (
            <li key={r.uuid}>
              <RouteLink to={{ view: 'verdict', uuid: r.uuid }}>{r.label}</RouteLink>{' '}
              <span className="muted">
                {r.mode} · {formatDateTime(r.at, language)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">{t('analyses.recentEmpty')}</p>
      )}
    </div>
  );
}

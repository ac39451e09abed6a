import type { AnalysisRead } from '../api/types';
import { FINGERPRINT_FIELDS, VERSION_FIELDS } from '../logic/verdict-summary';
import { FailureNotice } from '../ui/async-state';
import { useConsole } from '../ui/console-context';
import { useAction } from '../ui/use-api';

/** Versions and fingerprints, and "verify": POST /analyses/{uuid}/verify replays the stored snapshot: the same fingerprints, or the paths that differ. */
export function VersionsPanel({ analysis }: { analysis: AnalysisRead }) {
  const { api, t } = useConsole();
  const verify = useAction(() => api.verifyAnalysis(analysis.uuid));
  const result = verify.result;
  return (
    <section aria-labelledby="versions-title" data-testid="versions">
      <h2 id="versions-title">{t('verdict.versions')}</h2>
      <table className="data-table compact">
        <tbody>
          {[...VERSION_FIELDS, ...FINGERPRINT_FIELDS].map((field) => (
            <tr key={field}>
              <th scope="row">{field}</th>
              <td>
                <code className="hash">{analysis.versions[field] ?? '—'}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        onClick={() => void verify.run()}
        disabled={verify.pending || analysis.status !== 'completed'}
        data-testid="verify"
      >
        {verify.pending ? t('verdict.verifying') : t('verdict.verify')}
      </button>
      {verify.failure ? <FailureNotice failure={verify.failure} /> : null}
      {result ? (
        <div
          className={`notice ${result.match ? 'notice-success' : 'notice-error'}`}
          role="status"
          data-testid="verify-result"
          data-match={result.match}
        >
          <strong>{result.match ? t('verdict.verifyMatch') : t('verdict.verifyMismatch')}</strong>
          {result.differences.length ? (
            <ul>
              {result.differences.map((d) => (
                <li key={d}>
                  <code>{d}</code>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

import type { ReactNode } from 'react';
import type { ApiFailure } from '../logic/api-errors';
import { failureMessageKey } from '../logic/failure-messages';
import { useConsole } from './console-context';
import type { Loadable } from './use-api';

/** Every call's failure in words, with the api's own detail beside it. */
export function FailureNotice({ failure, onRetry }: { failure: ApiFailure; onRetry?: () => void }) {
  const { t } = useConsole();
  return (
    <div className="notice notice-error" role="alert" data-failure={failure.kind}>
      <strong>{t(failureMessageKey(failure.kind))}</strong>
      {failure.detail && failure.kind !== 'not_available' ? (
        <span className="detail">
          {' '}
          ({failure.status || '—'}: {failure.detail})
        </span>
      ) : null}
      {onRetry && failure.kind !== 'quota' && failure.kind !== 'not_available' ? (
        <button type="button" className="link-button" onClick={onRetry}>
          {t('action.retry')}
        </button>
      ) : null}
    </div>
  );
}

export function Loading({ label }: { label?: string }) {
  const { t } = useConsole();
  return (
    <div className="notice notice-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> {label ?? t('state.loading')}
    </div>
  );
}

/** Loading, error, or the content: the three states of every read. */
export function AsyncView<T>({ state, children }: { state: Loadable<T> & { reload?: () => void }; children: (data: T) => ReactNode }) {
  if (state.status === 'error') return <FailureNotice failure={state.failure} onRetry={state.reload} />;
  if (state.status === 'loading' && state.data === undefined) return <Loading />;
  return <>{children(state.data as T)}</>;
}

import { useEffect, useState } from 'react';
import type { AnalysisRead } from '../api/types';
import type { ApiFailure } from '../logic/api-errors';
import { analysisProgress, isTerminal, pollDelayMs } from '../logic/analysis-progress';
import { FailureNotice } from '../ui/async-state';
import { useConsole } from '../ui/console-context';
import { RouteLink } from '../ui/route-link';
import { toFailure } from '../ui/use-api';

/** Polls GET /api/analyses/{uuid} until the analysis ends, showing each step as it lands. */
export function AsyncProgress({ uuid, onCompleted }: { uuid: string; onCompleted?: () => void }) {
  const { api, t } = useConsole();
  const [read, setRead] = useState<AnalysisRead | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (attempt: number) => {
      try {
        const next = await api.getAnalysis(uuid);
        if (stopped) return;
        setRead(next);
        setFailure(null);
        if (isTerminal(next.status)) {
          if (next.status === 'completed') onCompleted?.();
          return;
        }
      } catch (error) {
        if (stopped) return;
        setFailure(toFailure(error));
        if (toFailure(error).kind === 'unauthorized') return;
      }
      timer = setTimeout(() => void poll(attempt + 1), pollDelayMs(attempt));
    };
    void poll(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, uuid]);
  const steps = analysisProgress(read?.status ?? 'queued', read?.current_step ?? 'queued');
  return (
    <div className="progress" aria-live="polite" data-testid="async-progress" data-status={read?.status ?? 'queued'}>
      <p>
        {t('run.queued')} <code>{uuid}</code>
      </p>
      <ol className="steps">
        {steps.map((s) => (
          <li key={s.step} className={`step step-${s.state}`}>
            {t(`step.${s.step}`)}
          </li>
        ))}
      </ol>
      {read?.status === 'failed' && read.error ? (
        <div className="notice notice-error" role="alert">
          {read.error.code}: {read.error.message}
        </div>
      ) : null}
      {failure ? <FailureNotice failure={failure} /> : null}
      {read?.status === 'completed' ? (
        <RouteLink to={{ view: 'verdict', uuid }} className="button">
          {t('run.openVerdict')}
        </RouteLink>
      ) : null}
    </div>
  );
}

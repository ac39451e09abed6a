import { useConsole } from '../ui/console-context';
import { AsyncAnalysisForm } from './async-analysis-form';
import { SyncAnalysisForm } from './sync-analysis-form';

/** Run an analysis: synchronously (opens the verdict) or queued (follows its progress). */
export function RunAnalysisView() {
  const { t } = useConsole();
  return (
    <section aria-labelledby="run-title">
      <h1 id="run-title">{t('run.title')}</h1>
      <div className="two-columns">
        <SyncAnalysisForm />
        <AsyncAnalysisForm />
      </div>
    </section>
  );
}

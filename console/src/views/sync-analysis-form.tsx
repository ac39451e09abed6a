import { useState, type FormEvent } from 'react';
import { rememberAnalysis } from '../api/session';
import { FailureNotice } from '../ui/async-state';
import { useConsole } from '../ui/console-context';
import { useAction, handleAsync } from '../ui/use-api';

export const isEntityId = (value: string) => /^[1-9]\d{0,15}$/.test(value.trim());

/** POST /analyses by CPF/CNPJ or entity id; the verdict opens when it answers. */
export function SyncAnalysisForm() {
  const { api, t, navigate, refreshAccount } = useConsole();
  const [by, setBy] = useState<'document' | 'entity_id'>('document');
  const [subject, setSubject] = useState('');
  const [source, setSource] = useState('');
  const sync = useAction(async () => {
    const body = by === 'document' ? { document: subject.trim() } : { entity_id: Number(subject.trim()) };
    return api.createAnalysis(source.trim() ? { ...body, source: source.trim() } : body);
  });
  const run = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await sync.run();
    refreshAccount();
    if (!answer) return;
    rememberAnalysis({
      uuid: answer.uuid,
      label: answer.subject?.display_name ?? subject.trim(),
      mode: 'sync',
      at: new Date().toISOString(),
    });
    navigate({ view: 'verdict', uuid: answer.uuid });
  };
  return (
    <form className="card" onSubmit={handleAsync(run)} aria-labelledby="run-sync-title">
      <h2 id="run-sync-title">{t('run.sync')}</h2>
      <p className="muted">{t('run.syncHelp')}</p>
      <fieldset className="inline">
        <legend>{t('run.by')}</legend>
        <label>
          <input type="radio" name="by" checked={by === 'document'} onChange={() => setBy('document')} /> {t('run.byDocument')}
        </label>
        <label>
          <input type="radio" name="by" checked={by === 'entity_id'} onChange={() => setBy('entity_id')} /> {t('run.byEntity')}
        </label>
      </fieldset>
      <label className="field">
        <span>{by === 'document' ? t('run.document') : t('run.entityId')}</span>
        <input
          data-testid="sync-subject"
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          placeholder={by === 'document' ? 'H0.000.007/0001-10' : '2405'}
          required
        />
      </label>
      <label className="field">
        <span>{t('run.source')}</span>
        <input value={source} onChange={(e) => setSource(e.target.value)} maxLength={128} />
      </label>
      <button
        type="submit"
        disabled={sync.pending || !subject.trim() || (by === 'entity_id' && !isEntityId(subject))}
        data-testid="run-sync"
      >
        {sync.pending ? t('run.running') : t('run.submitSync')}
      </button>
      {sync.failure ? <FailureNotice failure={sync.failure} /> : null}
    </form>
  );
}

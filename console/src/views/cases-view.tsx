import { useState, type FormEvent } from 'react';
import type { Case, CaseOutcome } from '../api/types';
import { caseOffer, type CaseQueue, caseQueues } from '../logic/case-actions';
import { formatDateTime } from '../logic/format';
import { readListPage } from '../logic/list-envelope';
import { AsyncView, FailureNotice } from '../ui/async-state';
import { useConsole } from '../ui/console-context';
import { RouteLink } from '../ui/route-link';
import { handleAsync, useAction, useLoad } from '../ui/use-api';

const OUTCOMES: CaseOutcome[] = ['approve', 'approve_with_edd', 'reject', 'report_to_coaf'];

/** GET /cases: the queue — mine, unassigned, overdue, all (docs/people-and-cases.md). */
export function CasesView() {
  const { api, t, language } = useConsole();
  const [queue, setQueue] = useState<CaseQueue>('mine');
  const cases = useLoad(async () => readListPage<Case>(await api.listCases(caseQueues[queue])), [queue]);
  return (
    <section aria-labelledby="cases-title">
      <h1 id="cases-title">{t('cases.title')}</h1>
      <div className="tabs" role="tablist">
        {(Object.keys(caseQueues) as CaseQueue[]).map((q) => (
          <button
            key={q}
            type="button"
            role="tab"
            aria-selected={queue === q}
            className={queue === q ? '' : 'secondary'}
            onClick={() => setQueue(q)}
            data-testid={`queue-${q}`}
          >
            {t(`cases.queue.${q}`)}
          </button>
        ))}
      </div>
      <AsyncView state={cases}>
        {(page) =>
          page.items.length ? (
            <table className="data-table" data-testid="cases-table">
              <thead>
                <tr>
                  <th scope="col">{t('cases.subject')}</th>
                  <th scope="col">{t('cases.status')}</th>
                  <th scope="col">{t('cases.priority')}</th>
                  <th scope="col">{t('cases.assignee')}</th>
                  <th scope="col">{t('cases.due')}</th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((c) => (
                  <tr key={c.uuid} className={c.overdue ? 'overdue' : undefined}>
                    <td>
                      <RouteLink to={{ view: 'case', uuid: c.uuid }}>{c.subject.name}</RouteLink>
                    </td>
                    <td>{t(`cases.status.${c.status}`)}</td>
                    <td>{t(`cases.priority.${c.priority}`)}</td>
                    <td>{c.assignee?.name ?? '—'}</td>
                    <td>
                      {formatDateTime(c.due_at, language)}
                      {c.overdue ? ` · ${t('cases.overdue')}` : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="empty">{t('cases.empty')}</p>
          )
        }
      </AsyncView>
    </section>
  );
}

/** One case: the verdict and graph links, notes, the decision, the approval (four eyes), the deadlines. */
export function CaseView({ uuid }: { uuid: string }) {
  const { api, t, language, session } = useConsole();
  const loaded = useLoad(() => api.getCase(uuid), [uuid]);
  const [current, setCurrent] = useState<Case | null>(null);
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useState<CaseOutcome>('approve');
  const [rationale, setRationale] = useState('');
  const [comment, setComment] = useState('');
  const act = useAction(async (run: () => Promise<Case>) => setCurrent(await run()));
  const viewer = { id: session?.person.uuid ?? '', roles: session?.person.roles ?? [] };
  // A person who acted through their personal API key is that person; the key is said beside the name.
  const actorName = (actor: { name: string; via_key?: string }) => (actor.via_key ? t('cases.viaKey', { name: actor.name }) : actor.name);
  const submit = (run: () => Promise<Case>, after?: () => void) =>
    handleAsync(async (event: FormEvent) => {
      event.preventDefault();
      await act.run(run);
      after?.();
    });
  return (
    <AsyncView state={loaded}>
      {(fetched) => {
        const c = current?.uuid === uuid ? current : fetched;
        const offer = caseOffer(c, viewer);
        return (
          <article aria-labelledby="case-title" data-testid="case" data-status={c.status}>
            <h1 id="case-title">{c.subject.name}</h1>
            <p className="muted">
              <span data-testid="case-status">{t(`cases.status.${c.status}`)}</span> · {t(`cases.priority.${c.priority}`)} ·{' '}
              {t('cases.reason', { reason: c.reason })} ·{' '}
              <RouteLink to={{ view: 'verdict', uuid: c.analysis_uuid }}>{t('cases.verdict')}</RouteLink> ·{' '}
              <RouteLink to={{ view: 'graph', uuid: c.analysis_uuid }}>{t('cases.graph')}</RouteLink>
            </p>
            <dl className="card facts">
              <dt>{t('cases.assignee')}</dt>
              <dd data-testid="case-assignee">{c.assignee?.name ?? '—'}</dd>
              <dt>{t('cases.due')}</dt>
              <dd>
                {formatDateTime(c.due_at, language)}
                {c.overdue ? ` · ${t('cases.overdue')}` : ''}
              </dd>
              {c.coaf_deadline_at ? (
                <>
                  <dt>{t('cases.coafDeadline')}</dt>
                  <dd data-testid="case-coaf-deadline">
                    {formatDateTime(c.coaf_deadline_at, language)} · {c.coaf_clock ? t(`cases.coaf.${c.coaf_clock}`) : ''}
                  </dd>
                </>
              ) : null}
              {c.report_uuid ? (
                <>
                  <dt>{t('cases.report')}</dt>
                  <dd>
                    <RouteLink to={{ view: 'report', uuid: c.report_uuid }}>coaf_cos</RouteLink>
                  </dd>
                </>
              ) : null}
            </dl>
            {c.decision ? (
              <section className="card" aria-labelledby="decision-title" data-testid="case-decision">
                <h2 id="decision-title">{t('cases.decision')}</h2>
                <p>
                  {t(`cases.outcome.${c.decision.outcome}`)} — {c.decision.rationale}
                </p>
                <p className="muted">
                  {t('cases.decidedBy', { name: actorName(c.decision.decided_by), at: formatDateTime(c.decision.decided_at, language) })}
                </p>
                {c.decision.approved_by ? (
                  <p className="muted" data-testid="case-approved-by">
                    {t('cases.approvedBy', {
                      name: actorName(c.decision.approved_by),
                      at: formatDateTime(c.decision.approved_at ?? '', language),
                    })}
                  </p>
                ) : null}
              </section>
            ) : null}
            {act.failure ? <FailureNotice failure={act.failure} /> : null}
            <div className="actions">
              {offer.assign && viewer.id ? (
                <button
                  type="button"
                  className="secondary"
                  onClick={() => void act.run(() => api.assignCase(uuid, { assignee_id: viewer.id }))}
                  disabled={act.pending}
                  data-testid="assign-me"
                >
                  {t('cases.assignMe')}
                </button>
              ) : null}
            </div>
            {offer.decide ? (
              <form
                className="card inline-form"
                onSubmit={submit(
                  () => api.decideCase(uuid, { outcome, rationale }),
                  () => setRationale(''),
                )}
                data-testid="decision-form"
              >
                <label className="field">
                  <span>{t('cases.outcome')}</span>
                  <select value={outcome} onChange={(e) => setOutcome(e.target.value as CaseOutcome)} data-testid="decision-outcome">
                    {OUTCOMES.map((o) => (
                      <option key={o} value={o}>
                        {t(`cases.outcome.${o}`)}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="field">
                  <span>{t('cases.rationale')}</span>
                  <textarea value={rationale} onChange={(e) => setRationale(e.target.value)} required data-testid="decision-rationale" />
                </label>
                <button type="submit" disabled={act.pending} data-testid="decide">
                  {t('cases.decide')}
                </button>
              </form>
            ) : null}
            {offer.approve ? (
              <form
                className="card inline-form"
                onSubmit={submit(() => api.approveCase(uuid, { approve: true, comment: comment || null }))}
                data-testid="approval-form"
              >
                <label className="field">
                  <span>{t('cases.comment')}</span>
                  <input value={comment} onChange={(e) => setComment(e.target.value)} data-testid="approval-comment" />
                </label>
                <button type="submit" disabled={act.pending} data-testid="approve">
                  {t('cases.approve')}
                </button>
                <button
                  type="button"
                  className="secondary"
                  disabled={act.pending}
                  onClick={() => void act.run(() => api.approveCase(uuid, { approve: false, comment: comment || null }))}
                  data-testid="return"
                >
                  {t('cases.return')}
                </button>
              </form>
            ) : null}
            {offer.approvalBlockedByFourEyes ? (
              <p className="notice notice-warning" data-testid="four-eyes">
                {t('cases.fourEyes')}
              </p>
            ) : null}
            {offer.awaitingOfficer ? (
              <p className="notice" data-testid="awaiting-officer">
                {t('cases.awaitingOfficer')}
              </p>
            ) : null}
            <section aria-labelledby="notes-title">
              <h2 id="notes-title">{t('cases.notes')}</h2>
              <ul className="notes" data-testid="case-notes">
                {(c.notes ?? []).map((n) => (
                  <li key={n.uuid}>
                    <strong>{n.author.name}</strong> · {formatDateTime(n.created_at, language)}
                    <p>{n.text}</p>
                  </li>
                ))}
              </ul>
              {offer.note ? (
                <form
                  className="inline-form"
                  onSubmit={submit(
                    () => api.addCaseNote(uuid, { text: note }),
                    () => setNote(''),
                  )}
                >
                  <label className="field">
                    <span>{t('cases.note')}</span>
                    <textarea value={note} onChange={(e) => setNote(e.target.value)} required data-testid="note-text" />
                  </label>
                  <button type="submit" disabled={act.pending} data-testid="add-note">
                    {t('cases.addNote')}
                  </button>
                </form>
              ) : null}
            </section>
          </article>
        );
      }}
    </AsyncView>
  );
}

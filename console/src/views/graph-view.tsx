import { useCallback, useMemo, useState } from 'react';
import type { AnalysisGraphResponse } from '../api/graph-types';
import { formatPercent } from '../logic/format';
import { buildGraphModel, type GraphModel } from '../logic/graph-model';
import { highlightForPath, highlightForSignal, type Highlight } from '../logic/graph-highlight';
import { markOnce, PERF_MARKS, startMark } from '../logic/perf-marks';
import { AsyncView } from '../ui/async-state';
import { useConsole } from '../ui/console-context';
import { RouteLink } from '../ui/route-link';
import { useLoad } from '../ui/use-api';
import { GraphCanvas } from './graph-canvas';
import { GraphLegend } from './graph-legend';
import { GraphSidebar } from './graph-sidebar';
import './graph.css';
import { NodeDetails } from './node-details';

type Loaded = { response: AnalysisGraphResponse; model: GraphModel | null };

/** The graph explorer of one analysis: GET /analyses/{uuid}/graph drawn, lit by signal, path or owner chain, expandable. */
export function GraphView({ uuid }: { uuid: string }) {
  const { api, t, language } = useConsole();
  const loaded = useLoad(async (): Promise<Loaded> => {
    performance.clearMarks(PERF_MARKS.graphInteractive);
    startMark(PERF_MARKS.graphRequested);
    const response = await api.getAnalysisGraph(uuid);
    markOnce(PERF_MARKS.graphReceived, true);
    return { response, model: buildGraphModel(response) };
  }, [uuid]);
  const [expanded, setExpanded] = useState<Loaded | null>(null);
  const current = expanded ?? (loaded.status === 'ready' ? loaded.data : null);
  const [highlight, setHighlight] = useState<Highlight | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const words = useMemo(() => ({ pep: t('graph.badge.pep'), sanction: t('graph.badge.sanction'), owner: t('graph.badge.owner') }), [t]);
  const fmt = useCallback((p: number) => formatPercent(p, language), [language]);
  const display = useMemo(() => ({ highlight, selected }), [highlight, selected]);

  const lightSignal = (code: string | null) => {
    if (!current?.model) return;
    setHighlight(code ? highlightForSignal(current.response, current.model, code) : null);
  };
  const lightPath = (nodeKey: string) => current?.model && setHighlight(highlightForPath(current.model, nodeKey));
  const lightChain = (edgeKeys: string[], nodeKeys: string[]) =>
    setHighlight({ code: 'ubo', nodes: new Set(nodeKeys), edges: new Set(edgeKeys) });
  // The expansion is persisted by the api; the whole graph is then read again and only the difference drawn.
  const afterExpansion = async () => {
    const response = await api.getAnalysisGraph(uuid);
    startMark(PERF_MARKS.expandReceived);
    setExpanded({ response, model: buildGraphModel(response) });
  };

  return (
    <section className="graph-view" aria-labelledby="graph-title">
      <div className="section-head">
        <h1 id="graph-title">{t('graph.title')}</h1>
        <RouteLink to={{ view: 'verdict', uuid }}>{t('graph.backToVerdict')}</RouteLink>
      </div>
      <AsyncView state={loaded}>
        {() =>
          !current?.model ? (
            <p className="empty">{t('graph.notReady')}</p>
          ) : (
            <div className="graph-layout">
              <div className="graph-main">
                {current.model.truncated || current.model.limitations.length ? (
                  <div className="notice notice-warning" role="note" data-testid="truncation">
                    <strong>{current.model.truncated ? t('graph.truncated') : t('graph.limited')}</strong>
                    <ul>
                      {current.model.limitations.map((l, i) => (
                        <li key={i}>{l.message}</li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                <GraphCanvas
                  model={current.model}
                  display={display}
                  words={words}
                  formatPercent={fmt}
                  onSelect={setSelected}
                  label={t('graph.canvasLabel', { nodes: current.model.nodes.length, edges: current.model.edges.length })}
                />
                <GraphLegend />
              </div>
              <aside className="graph-side" aria-label={t('graph.sidebar')}>
                {selected ? (
                  <NodeDetails
                    key={selected}
                    uuid={uuid}
                    model={current.model}
                    response={current.response}
                    nodeKey={selected}
                    onPath={lightPath}
                    onExpanded={afterExpansion}
                    onClose={() => setSelected(null)}
                  />
                ) : null}
                <GraphSidebar
                  response={current.response}
                  model={current.model}
                  highlight={highlight}
                  onSignal={lightSignal}
                  onChain={lightChain}
                  onSelect={setSelected}
                />
              </aside>
            </div>
          )
        }
      </AsyncView>
    </section>
  );
}

import type { Route } from '../logic/routes';
import { useConsole } from '../ui/console-context';
import { RouteLink } from '../ui/route-link';
import { AnalysesListView } from './analyses-list-view';
import { AuditView } from './audit-view';
import { CasesView, CaseView } from './cases-view';
import { GraphView } from './graph-view';
import { AlertsView, MonitorsView, MonitorView } from './monitors-view';
import { BatchesView } from './batches-view';
import { ReportsView, ReportView } from './reports-view';
import { RunAnalysisView } from './run-analysis-view';
import { ScreeningView } from './screening-view';
import { VerdictView } from './verdict-view';
import { WebhooksView } from './webhooks-view';

export function RouteView({ route }: { route: Route }) {
  const { t } = useConsole();
  switch (route.view) {
    case 'analyses':
    case 'sign-in':
      return <AnalysesListView />;
    case 'run':
      return <RunAnalysisView />;
    case 'verdict':
      return <VerdictView key={route.uuid} uuid={route.uuid} />;
    case 'graph':
      return <GraphView key={route.uuid} uuid={route.uuid} />;
    case 'screening':
      return <ScreeningView />;
    case 'webhooks':
      return <WebhooksView />;
    case 'reports':
      return <ReportsView />;
    case 'report':
      return <ReportView key={route.uuid} uuid={route.uuid} />;
    case 'cases':
      return <CasesView />;
    case 'case':
      return <CaseView key={route.uuid} uuid={route.uuid} />;
    case 'audit':
      return <AuditView />;
    case 'monitors':
      return <MonitorsView />;
    case 'monitor':
      return <MonitorView key={route.uuid} uuid={route.uuid} />;
    case 'alerts':
      return <AlertsView />;
    case 'batches':
      return <BatchesView />;
    default:
      return (
        <section>
          <h1>{t('notFound.title')}</h1>
          <RouteLink to={{ view: 'analyses' }}>{t('nav.analyses')}</RouteLink>
        </section>
      );
  }
}

/**
 * The console's client routes under /console. Pure: the app turns location.pathname into a
 * route and back, so a reload or a shared link opens the same view (the api answers every
 * /console path with index.html).
 */
export const CONSOLE_BASE = '/console';

export type Route =
  | { view: 'sign-in' }
  | { view: 'analyses' }
  | { view: 'run' }
  | { view: 'verdict'; uuid: string }
  | { view: 'graph'; uuid: string }
  | { view: 'webhooks' }
  | { view: 'reports' }
  | { view: 'report'; uuid: string }
  | { view: 'screening' }
  | { view: 'cases' }
  | { view: 'case'; uuid: string }
  | { view: 'audit' }
  | { view: 'monitors' }
  | { view: 'monitor'; uuid: string }
  | { view: 'alerts' }
  | { view: 'batches' }
  | { view: 'not-found' };

const uuidPattern = '[0-9a-fA-F-]{36}';
const table: [RegExp, (m: RegExpExecArray) => Route][] = [
  [/^\/?$/, () => ({ view: 'analyses' })],
  [/^\/sign-in$/, () => ({ view: 'sign-in' })],
  [/^\/analyses$/, () => ({ view: 'analyses' })],
  [/^\/run$/, () => ({ view: 'run' })],
  [new RegExp(`^/analyses/(${uuidPattern})$`), (m) => ({ view: 'verdict', uuid: m[1].toLowerCase() })],
  [new RegExp(`^/analyses/(${uuidPattern})/graph$`), (m) => ({ view: 'graph', uuid: m[1].toLowerCase() })],
  [/^\/webhooks$/, () => ({ view: 'webhooks' })],
  [/^\/reports$/, () => ({ view: 'reports' })],
  [/^\/screening$/, () => ({ view: 'screening' })],
  [/^\/cases$/, () => ({ view: 'cases' })],
  [new RegExp(`^/cases/(${uuidPattern})$`), (m) => ({ view: 'case', uuid: m[1].toLowerCase() })],
  [/^\/audit$/, () => ({ view: 'audit' })],
  [/^\/monitors$/, () => ({ view: 'monitors' })],
  [new RegExp(`^/monitors/(${uuidPattern})$`), (m) => ({ view: 'monitor', uuid: m[1].toLowerCase() })],
  [/^\/alerts$/, () => ({ view: 'alerts' })],
  [/^\/batches$/, () => ({ view: 'batches' })],
  [new RegExp(`^/reports/(${uuidPattern})$`), (m) => ({ view: 'report', uuid: m[1].toLowerCase() })],
];

export function parseRoute(pathname: string): Route {
  if (pathname !== CONSOLE_BASE && !pathname.startsWith(`${CONSOLE_BASE}/`)) return { view: 'not-found' };
  const rest = pathname.slice(CONSOLE_BASE.length).replace(/\/+$/, '');
  for (const [pattern, build] of table) {
    const match = pattern.exec(rest);
    if (match) return build(match);
  }
  return { view: 'not-found' };
}

export function routePath(route: Route): string {
  switch (route.view) {
    case 'verdict':
      return `${CONSOLE_BASE}/analyses/${route.uuid}`;
    case 'graph':
      return `${CONSOLE_BASE}/analyses/${route.uuid}/graph`;
    case 'report':
      return `${CONSOLE_BASE}/reports/${route.uuid}`;
    case 'case':
      return `${CONSOLE_BASE}/cases/${route.uuid}`;
    case 'monitor':
      return `${CONSOLE_BASE}/monitors/${route.uuid}`;
    case 'not-found':
      return `${CONSOLE_BASE}/`;
    default:
      return `${CONSOLE_BASE}/${route.view}`;
  }
}

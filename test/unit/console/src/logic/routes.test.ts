import { parseRoute, routePath, type Route } from '../../../../../console/src/logic/routes';

const uuid = '0f2eb74a-acb1-49a2-88fd-55645543d9b2';

describe('the console routes', () => {
  it.each<[string, Route]>([
    ['/console', { view: 'analyses' }],
    ['/console/', { view: 'analyses' }],
    ['/console/sign-in', { view: 'sign-in' }],
    ['/console/run', { view: 'run' }],
    [`/console/analyses/${uuid}`, { view: 'verdict', uuid }],
    [`/console/analyses/${uuid.toUpperCase()}/graph/`, { view: 'graph', uuid }],
    ['/console/webhooks', { view: 'webhooks' }],
    [`/console/reports/${uuid}`, { view: 'report', uuid }],
    ['/console/screening', { view: 'screening' }],
    ['/console/cases', { view: 'cases' }],
    ['/console/cases/0F8FAD5B-D9CB-469F-A165-70867728950E', { view: 'case', uuid: '0f8fad5b-d9cb-469f-a165-70867728950e' }],
    ['/console/audit', { view: 'audit' }],
    ['/console/monitors', { view: 'monitors' }],
    ['/console/monitors/0F8FAD5B-D9CB-469F-A165-70867728950E', { view: 'monitor', uuid: '0f8fad5b-d9cb-469f-a165-70867728950e' }],
    ['/console/alerts', { view: 'alerts' }],
    ['/console/analyses/not-a-uuid', { view: 'not-found' }],
    ['/elsewhere', { view: 'not-found' }],
  ])('%s', (pathname, route) => {
    expect(parseRoute(pathname)).toEqual(route);
  });

  it.each<Route>([
    { view: 'analyses' },
    { view: 'run' },
    { view: 'verdict', uuid },
    { view: 'graph', uuid },
    { view: 'webhooks' },
    { view: 'reports' },
    { view: 'report', uuid },
    { view: 'screening' },
    { view: 'cases' },
    { view: 'case', uuid },
    { view: 'audit' },
    { view: 'monitors' },
    { view: 'monitor', uuid },
    { view: 'alerts' },
  ])('%o survives a round trip', (route) => {
    expect(parseRoute(routePath(route))).toEqual(route);
  });
});

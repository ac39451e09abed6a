import Router from '@koa/router';
import zlib from 'node:zlib';
import Koa from 'koa';
import compress from 'koa-compress';
import { MethodNotAllowedError, RouteNotFoundError } from '../domain/errors';
import type { AppDeps } from './app-deps';
import { consoleStatic } from './edge/console-static';
import { errorHandler } from './edge/error-handler';
import { requestContext } from './edge/request-context';
import { traceRequest } from './edge/trace-request';
import { currentTracing } from '../infra/tracing';
import { buildOpenApiDocument } from './openapi/openapi';
import { mountRoutes, RouteSpec } from './edge/routing';
import { docsRoutes } from './resources/docs/docs-routes';
import { resourceRoutes } from './resources';

export function allRoutes(): RouteSpec[] {
  let document: Record<string, unknown> | undefined;
  const routes: RouteSpec[] = [...resourceRoutes, ...docsRoutes(() => (document ??= buildOpenApiDocument(routes)))];
  return routes;
}

/** The HTTP application, without `listen`: api/server.ts serves it, tests may mount it. */
export function createApp(deps: AppDeps): Koa {
  const app = new Koa({ proxy: false });
  const router = new Router();
  const routes = allRoutes();
  mountRoutes(router, routes, deps);
  const literalPaths = literalRouteMethods(routes);

  if (currentTracing()?.enabled) app.use(traceRequest());
  app.use(requestContext(deps.logger));
  // gzip or br (by Accept-Encoding) for bodies over 1 KB; brotli at quality 4: most of the gain for little CPU.
  app.use(compress({ threshold: 1024, deflate: false, gzip: { level: 6 }, br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } }));
  app.use(errorHandler(deps.logger));
  app.use(consoleStatic());
  // A literal route is its own resource: `GET /reports/siscoaf-batches` is 405 (it is POST only),
  // never a `GET /reports/{uuid}` with a malformed id (docs/api-conventions.md).
  app.use(async (ctx, next) => {
    const methods = literalPaths.get(ctx.path);
    if (methods && !methods.includes(ctx.method)) throw new MethodNotAllowedError(methods);
    await next();
  });
  app.use(router.routes());
  app.use(async (ctx) => {
    if (ctx.body !== undefined || ctx.status !== 404) return;
    // The path exists under other methods: 405 with Allow; otherwise 404.
    const allowed = new Set(router.match(ctx.path, ctx.method).path.flatMap((layer) => layer.methods));
    if (allowed.size > 0) throw new MethodNotAllowedError([...allowed].sort());
    throw new RouteNotFoundError();
  });
  // Koa logs errors that escape middleware to stderr by default; ours never do, and a client
  // that hangs up mid-request is not an error worth a stack trace.
  app.on('error', (error) => deps.logger.debug({ err: error }, 'koa error'));
  return app;
}

/** The methods of each path without a parameter (HEAD wherever GET is), for the literal-route rule above. */
function literalRouteMethods(routes: RouteSpec[]): Map<string, string[]> {
  const methods = new Map<string, Set<string>>();
  for (const route of routes) {
    if (route.path.includes(':')) continue;
    const set = methods.get(route.path) ?? new Set<string>();
    set.add(route.method.toUpperCase());
    if (route.method.toUpperCase() === 'GET') set.add('HEAD');
    methods.set(route.path, set);
  }
  return new Map([...methods].map(([path, set]) => [path, [...set].sort()]));
}

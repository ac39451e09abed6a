import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Middleware } from 'koa';

/**
 * Serves the analyst console (console/dist, built by `npm start`, `npm test` and the image) at
 * /console. The files are public: the page itself holds no data and calls the API with the
 * analyst's key. Hashed assets are cached for a year; index.html never (a new build must show
 * at once), and every path without a file extension answers index.html so that client routes
 * survive a reload. GET and HEAD only; anything else falls through to the API's 404/405.
 */
const CONSOLE_PATH = '/console';
const defaultConsoleDir = path.resolve(__dirname, '..', '..', 'console', 'dist');

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** The page may talk to this origin only: a script injected through data could not send the key elsewhere. */
const contentSecurityPolicy =
  "default-src 'self'; connect-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

async function fileIn(dir: string, relative: string): Promise<string | undefined> {
  const resolved = path.resolve(dir, `.${path.posix.normalize(`/${relative}`)}`);
  if (resolved !== dir && !resolved.startsWith(`${dir}${path.sep}`)) return undefined;
  try {
    return (await stat(resolved)).isFile() ? resolved : undefined;
  } catch {
    return undefined;
  }
}

export function consoleStatic(dir: string = defaultConsoleDir): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== CONSOLE_PATH && !ctx.path.startsWith(`${CONSOLE_PATH}/`)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const relative = ctx.path.slice(CONSOLE_PATH.length).replace(/^\/+/, '');
    const isAsset = path.posix.extname(relative) !== '';
    const file = isAsset ? await fileIn(dir, relative) : await fileIn(dir, 'index.html');
    if (!file) {
      if (isAsset) return next();
      ctx.status = 503;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'The console is not built: `npm start` builds it (or `npm run console:build`).\n';
      return;
    }
    const info = await stat(file);
    const hashed = relative.startsWith('assets/');
    ctx.status = 200;
    ctx.set('Content-Type', contentTypes[path.extname(file)] ?? 'application/octet-stream');
    ctx.set('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (file.endsWith('.html')) {
      ctx.set('Content-Security-Policy', contentSecurityPolicy);
      ctx.set('Referrer-Policy', 'no-referrer');
    }
    // Koa writes no body for HEAD; a stream opened for it would only leak a file descriptor.
    if (ctx.method === 'GET') ctx.body = createReadStream(file);
    ctx.length = info.size;
  };
}

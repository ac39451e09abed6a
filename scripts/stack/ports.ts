import { readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * Ports for the processes a stack starts itself. A port the kernel hands out for `listen(0)`
 * comes from the ephemeral range, the same range every outgoing connection on the machine takes
 * its source port from: between choosing it and the server binding it, a Postgres or Temporal
 * client of another run (a developer's `npm start` beside `npm test`) may take it. So ports are
 * drawn at random below that range, never twice in one process, checked free, and a start that
 * still loses its port is retried on another one (startOnFreePort; docs/testing.md).
 */
const handedOut = new Set<number>();

function ephemeralRangeStart(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port free right now, outside the ephemeral range, not handed out before by this process. */
export async function getFreePort(): Promise<number> {
  const low = 20_000;
  const high = Math.max(low + 1000, ephemeralRangeStart()) - 1;
  for (let tries = 0; tries < 200; tries++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await canBind(port)) return port;
  }
  throw new Error(`no free port found between ${low} and ${high}`);
}

/**
 * Starts a server on a free port; when the start fails (another process took the port in the
 * meantime, or the server died while starting), tries again on a new port, up to `attempts`
 * times. Each attempt should keep its own log so a failed start can be read afterwards.
 */
export async function startOnFreePort<T>(name: string, start: (port: number, attempt: number) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const port = await getFreePort();
    try {
      return await start(port, attempt);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(
        `${name} did not start on port ${port} (attempt ${attempt} of ${attempts}: ${(error as Error).message.split('\n')[0]}); trying another port`,
      );
    }
  }
}

export function isPortOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

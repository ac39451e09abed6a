import { z } from 'zod';
import { defineRoute } from '../../edge/routing';

const healthSchema = z
  .object({ status: z.enum(['ok', 'unavailable']), checks: z.record(z.string(), z.enum(['ok', 'unavailable'])).optional() })
  .meta({ id: 'Health', examples: [{ status: 'ok', checks: { postgres: 'ok', temporal: 'ok' } }] });
export type Health = z.infer<typeof healthSchema>;

async function check(probe: () => Promise<unknown>, timeoutMs: number): Promise<'ok' | 'unavailable'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([probe(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), timeoutMs)))]);
    return 'ok';
  } catch {
    return 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes = [
  defineRoute({
    method: 'get',
    path: '/healthz',
    operationId: 'getLiveness',
    summary: 'Liveness: the process answers',
    description: 'Answers 200 as long as the process serves HTTP; no dependency is checked (for a liveness probe).',
    tags: ['health'],
    auth: 'public',
    responses: { 200: { description: 'alive', schema: healthSchema, example: { status: 'ok' } } },
    handler: async () => ({ status: 200, body: { status: 'ok' } }),
  }),
  defineRoute({
    method: 'get',
    path: '/readyz',
    operationId: 'getReadiness',
    summary: 'Readiness: Postgres and Temporal are reachable',
    description:
      'Checks that Postgres and Temporal answer within 2 s: 200 when both do, 503 with the failing check otherwise (for a readiness probe).',
    tags: ['health'],
    auth: 'public',
    responses: {
      200: { description: 'ready', schema: healthSchema },
      503: {
        description: 'a dependency is unreachable',
        schema: healthSchema,
        example: { status: 'unavailable', checks: { postgres: 'ok', temporal: 'unavailable' } },
      },
    },
    handler: async ({ deps }) => {
      const [postgres, temporal] = await Promise.all([
        check(() => deps.db.raw('select 1'), 2000),
        check(() => deps.temporal.connection.workflowService.getSystemInfo({}), 2000),
      ]);
      const ok = postgres === 'ok' && temporal === 'ok';
      return { status: ok ? 200 : 503, body: { status: ok ? 'ok' : 'unavailable', checks: { postgres, temporal } } };
    },
  }),
];

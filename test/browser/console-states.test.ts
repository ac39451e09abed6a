import type { Route } from 'playwright-core';
import { unexpectedProblems } from '../support/browser';
import { openConsoleSession, signIn, type ConsoleSession } from '../support/console-session';
import { request } from '../support/http';
import { closeTestDb } from '../support/tenants';

/**
 * The console never shows a wrong state (docs/console.md, "Loading is not empty"): with the API
 * held back, no view says "none" before its data arrived — the verdict's signals, a list after
 * its filter changed — and the graph explorer's labels never overlap nor leave the canvas on the
 * showcase analysis. The API is held by a gate the test opens, not by a timer: the assertions run
 * while the answer is certainly not there.
 */
let session: ConsoleSession;
let analysisUuid = '';

/** Holds every request whose URL matches until `open()`; `held()` resolves once one is held. */
async function holdRequests(pattern: RegExp) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let heldOne!: () => void;
  const held = new Promise<void>((resolve) => (heldOne = resolve));
  const handler = async (route: Route) => {
    heldOne();
    await opened;
    await route.continue();
  };
  await session.page.route(pattern, handler);
  // Once open the handler lets every request through at once; it stays routed (unrouting a held request would settle it twice).
  return { held: () => held, open };
}

const emptyTexts = [
  'No signal fired',
  'signals evaluated without firing',
  'No monitor matches',
  'No analysis matches',
  'No case in this queue',
  'No report yet',
];

async function shownEmptyTexts(selector: string): Promise<string[]> {
  const text = (await session.page.textContent(selector)) ?? '';
  return emptyTexts.filter((t) => text.includes(t));
}

beforeAll(async () => {
  session = await openConsoleSession({ name: 'Lena Loading' });
  const created = await request('POST', '/analyses', { apiKey: session.tenant.apiKey, body: { document: session.showcase.document } });
  expect(created.status).toBe(201);
  analysisUuid = created.body.uuid;
  await signIn(session, session.person);
}, 180_000);

afterAll(async () => {
  await session?.browser.close();
  await closeTestDb();
});

describe('the console while the API has not answered', () => {
  it('the verdict shows its signals loading, never "No signal fired" or "0 signals evaluated", until they arrive', async () => {
    const { page } = session;
    const stored = (await request('GET', `/analyses/${analysisUuid}/signals`, { apiKey: session.tenant.apiKey })).body.signals as {
      identified: boolean;
    }[];
    expect(stored.some((s) => s.identified)).toBe(true);
    const gate = await holdRequests(/\/analyses\/[0-9a-f-]{36}\/signals/);
    await page.goto(`${session.consoleUrl}/analyses/${analysisUuid}`);
    await page.waitForSelector('[data-testid=score]');
    await gate.held();
    // Whatever the panel shows while the signals are held — it must be their loading state, not "none".
    await page.waitForSelector('[data-testid=signals] [role=status], [data-testid=signals] .empty');
    expect(await shownEmptyTexts('[data-testid=verdict]')).toEqual([]);
    expect(await page.locator('[data-testid=signals] [role=status]').count()).toBe(1);
    gate.open();
    await page.waitForSelector('[data-testid=signals] [data-signal]');
    expect(await page.textContent('[data-testid=signals]')).not.toContain('No signal fired');
    expect(await page.locator('[data-testid=signals] [data-signal]').count()).toBe(stored.filter((s) => s.identified).length);
    expect(await page.textContent('[data-testid=signals]')).toContain(
      `Show the ${stored.filter((s) => !s.identified).length} signals evaluated without firing`,
    );
    expect(unexpectedProblems(session.problems, ['/auth/session'])).toEqual([]);
  });

  it('a list whose filter changed shows it loading, not the previous answer, until the new one arrives', async () => {
    const { page } = session;
    await page.goto(`${session.consoleUrl}/monitors`);
    // The company has no monitor: the list answers empty, and says so.
    await page.waitForSelector('text=No monitor matches these filters.');
    const gate = await holdRequests(/\/monitors\?.*status=stopped/);
    await page.selectOption('[data-testid=filter-monitor-status]', 'stopped');
    await gate.held();
    await page.waitForSelector('main [role=status], main .empty');
    expect(await shownEmptyTexts('main')).toEqual([]);
    expect(await page.locator('main [role=status]').count()).toBe(1);
    gate.open();
    await page.waitForSelector('text=No monitor matches these filters.');
  });
});

describe('the graph explorer on the showcase analysis', () => {
  type LabelBox = { key: string; text: string; x: number; y: number; width: number; height: number };

  async function labelBoxes(): Promise<{ boxes: LabelBox[]; width: number; height: number }> {
    // The boxes of a frame placed in the canvas as it is now (a frame drawn before a resize placed them in another area).
    await session.page.waitForFunction(() => {
      const canvas = (globalThis as any).document.querySelector('[data-testid=graph-canvas]');
      return canvas?.labelBoxes !== undefined && canvas.dataset.labelArea === `${canvas.clientWidth}x${canvas.clientHeight}`;
    });
    return session.page.evaluate(() => {
      const canvas = (globalThis as any).document.querySelector('[data-testid=graph-canvas]');
      return { boxes: canvas.labelBoxes ?? [], width: canvas.clientWidth, height: canvas.clientHeight };
    });
  }

  function problemsOf({ boxes, width, height }: { boxes: LabelBox[]; width: number; height: number }): string[] {
    const problems: string[] = [];
    const keys = new Set<string>();
    for (const [i, a] of boxes.entries()) {
      if (keys.has(a.key)) problems.push(`${a.text}: drawn twice`);
      keys.add(a.key);
      if (a.x < 0 || a.y < 0 || a.x + a.width > width || a.y + a.height > height)
        problems.push(`${a.text}: leaves the ${width}×${height} canvas at ${JSON.stringify(a)}`);
      for (const b of boxes.slice(i + 1)) {
        if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height)
          problems.push(`${a.text} overlaps ${b.text}`);
      }
    }
    return problems;
  }

  it('draws every label once, none over another, none outside the canvas — the subject first, and again after a selection', async () => {
    const { page } = session;
    await page.goto(`${session.consoleUrl}/analyses/${analysisUuid}/graph`);
    await page.waitForSelector('[data-testid=graph-canvas][data-ready=true]');
    const graph = (await request('GET', `/analyses/${analysisUuid}/graph`, { apiKey: session.tenant.apiKey })).body.graph as {
      root_entity_id: number;
      nodes: { key: string; display_name: string }[];
    };
    const rootKey = `entity:${graph.root_entity_id}`;
    const first = await labelBoxes();
    expect(first.boxes.length).toBeGreaterThan(1);
    expect(problemsOf(first)).toEqual([]);
    expect(first.boxes.filter((b) => b.key === rootKey)).toHaveLength(1);

    // Select another node through the sidebar's search: it is lit and its label placed first; still no overlap.
    const other = graph.nodes.find((n) => n.key !== rootKey && n.key.startsWith('entity:') && n.display_name.length >= 4)!;
    await page.fill('[data-testid=node-search]', other.display_name.slice(0, 12));
    await page.click(`[data-node-key="${other.key}"]`);
    await page.waitForSelector(`[data-testid=graph-canvas][data-selected="${other.key}"]`);
    await page.waitForFunction(
      (key) => (globalThis as any).document.querySelector('[data-testid=graph-canvas]').labelBoxes?.[0]?.key === key,
      other.key,
    );
    const selected = await labelBoxes();
    expect(problemsOf(selected)).toEqual([]);
    expect(selected.boxes.filter((b) => b.key === rootKey).length).toBeLessThanOrEqual(1);
    expect(selected.boxes.filter((b) => b.key === other.key)).toHaveLength(1);
    expect(unexpectedProblems(session.problems, ['/auth/session'])).toEqual([]);
  });
});

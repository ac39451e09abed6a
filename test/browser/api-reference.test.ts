import { launchChromium, saveScreenshot } from '../support/browser';
import { apiUrl } from '../support/stack';

/** The API reference the api serves at /docs (Scalar, from node_modules), in Debian's Chromium. */
describe('the API reference in a browser', () => {
  it('renders in headless Chromium with navigation, search and try-it (screenshot in .data/screenshots/docs.png)', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      const outside: string[] = [];
      page.on('request', (r) => !r.url().startsWith(apiUrl()) && !r.url().startsWith('data:') && outside.push(r.url()));
      await page.goto(`${apiUrl()}/docs`, { waitUntil: 'load' });
      // Navigation: the tags of the route table in the sidebar, each operation under its tag.
      await page.getByText('Run an analysis synchronously and return its verdict').first().waitFor({ timeout: 30_000 });
      const text = (await page.textContent('body')) ?? '';
      for (const tag of ['analyses', 'entities', 'webhooks', 'account']) expect(text).toContain(tag);
      // Try-it: a "Test Request" button beside the operations (rendered as they scroll into view).
      await page
        .getByRole('button', { name: /test request/i })
        .first()
        .waitFor({ timeout: 30_000 });
      expect(await page.getByRole('button', { name: /test request/i }).count()).toBeGreaterThan(0);
      // Search finds operations by their words.
      await page.locator('button:has-text("Open Search")').first().click();
      await page.keyboard.type('webhook endpoint');
      await page.getByRole('option').first().waitFor({ timeout: 10_000 });
      expect((await page.getByRole('option').allTextContents()).join(' ')).toContain('/webhooks/endpoints');
      await page.keyboard.press('Escape');
      await saveScreenshot(page, 'docs');
      expect(outside).toEqual([]); // nothing fetched from anywhere else
    } finally {
      await browser.close();
    }
  }, 120_000);
});

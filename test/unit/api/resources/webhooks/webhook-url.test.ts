import fc from 'fast-check';
import { webhookUrl, webhookUrlPattern } from '../../../../../api/resources/webhooks/webhook-url';
import { checkWebhookUrl } from '../../../../../domain/webhooks/target-url';

/**
 * The documented pattern of a webhook URL is one the service keeps: every URL it admits parses
 * (WHATWG, as the delivery does) and passes the static checks where private targets are allowed;
 * what it refuses is refused before any check.
 */
describe('the webhook URL pattern of the reference', () => {
  it.each([
    ['http://a', true],
    ['http://127.0.0.1:9/hook', true],
    ['https://hooks.example.com/x?y=1&z=%20', true],
    ['https://api-1.example.com.br:65535/a/b;c=d', true],
    ['http://1.2.3.4.example/', true],
    ['http://a.1', false], // a numeric last label is read as an IPv4 address: WHATWG refuses it
    ['http://1.2.3.256', false],
    ['http://x.com:65536/', false],
    ['http://x.com:0/', false],
    ['http://u:p@x.com/', false],
    ['http://x.com/#fragment', false],
    ['http://x.com/a b', false],
    [' http://x.com', false],
    ['http://[::1]/', false],
    ['ftp://x.com', false],
    ['http://-x.com', false],
  ])('%s → admitted: %p', (url, admitted) => {
    expect(webhookUrl.safeParse(url).success).toBe(admitted);
    if (admitted) expect(checkWebhookUrl(url, true)).toBeNull();
  });

  it('admits only URLs that parse and pass the static checks (random web URLs)', () => {
    const urls = fc.webUrl({
      withQueryParameters: true,
      withFragments: true,
      authoritySettings: { withPort: true, withUserInfo: true, withIPv4: true, withIPv6: true },
    });
    fc.assert(
      fc.property(urls, (url) => {
        // A punycode label must decode (documented): the one admitted form WHATWG may still refuse.
        if (webhookUrlPattern.test(url) && !/xn--/i.test(url)) expect([url, checkWebhookUrl(url, true)]).toEqual([url, null]);
      }),
      { numRuns: 2000, seed: 20261123 },
    );
  });
});

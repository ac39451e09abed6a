import { checkWebhookUrl } from '../../../../domain/webhooks/target-url';

describe('webhook URL checks', () => {
  it.each([
    ['https://hooks.example.com/x', false, null],
    ['http://hooks.example.com:8080/x?y=1', false, null],
    ['http://127.0.0.1:9000/hook', true, null],
    ['http://localhost:9000/hook', true, null],
    ['http://127.0.0.1:9000/hook', false, 'targets a non-public address (loopback)'],
    ['http://[::ffff:10.0.0.1]/hook', false, 'targets a non-public address (embedded-private)'],
    ['http://169.254.169.254/latest/meta-data', false, 'targets a non-public address (metadata)'],
    ['http://0x7f.1/', false, 'targets a non-public address (loopback)'],
    ['http://localhost/', false, 'targets a non-public address (loopback)'],
    ['ftp://example.com/x', false, 'must use http or https'],
    ['javascript:alert(1)', false, 'must use http or https'],
    ['not a url', false, 'must be an absolute http(s) URL'],
    ['https://user:pw@example.com/', false, 'must not carry credentials; verify deliveries with the signing secret instead'],
    ['https://example.com/#frag', false, 'must not carry a fragment'],
  ])('%s (private allowed: %s) → %p', (url, allowPrivate, expected) => {
    expect(checkWebhookUrl(url, allowPrivate)).toBe(expected);
  });
});

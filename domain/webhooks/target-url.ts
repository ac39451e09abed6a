import { classifyAddress, isIpLiteral } from './target-address';

/**
 * Static checks of an endpoint URL at create / update time. Hostnames are checked again when
 * the delivery connects (DNS may change); literal addresses can be refused right away.
 */
export function checkWebhookUrl(value: string, allowPrivateTargets: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute http(s) URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must use http or https';
  if (!url.hostname) return 'must name a host';
  if (url.username || url.password) return 'must not carry credentials; verify deliveries with the signing secret instead';
  if (url.hash) return 'must not carry a fragment';
  if (!allowPrivateTargets && isIpLiteral(url.hostname)) {
    const verdict = classifyAddress(url.hostname);
    if (!verdict.allowed) return `targets a non-public address (${verdict.range})`;
  }
  if (!allowPrivateTargets && /(^|\.)localhost\.?$/i.test(url.hostname)) return 'targets a non-public address (loopback)';
  return null;
}

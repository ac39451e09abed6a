import { z } from 'zod';
import { JSON_SCHEMA_KEY } from '../../edge/request-fields';

/**
 * A webhook endpoint's URL as the API accepts it, stated as one pattern that ECMA-262 and Python
 * read alike (docs/webhooks.md): http or https, a host name whose last label starts with a
 * letter (a numeric one would be read as an IPv4 address) or a dotted-quad IPv4 address, an
 * optional port 1–65535, then a path and query of printable ASCII without a fragment. No
 * credentials, no IPv6 literal, no surrounding spaces. The static and delivery-time SSRF
 * checks (domain/webhooks/target-url.ts) still apply on top: a private address is refused
 * unless the deployment allows private targets, and an `xn--` label must be valid punycode.
 */
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const TOP_LABEL = '[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
const PORT = '(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3})';
const HOST = `(?:(?:${LABEL}\\.)*${TOP_LABEL}|${OCTET}(?:\\.${OCTET}){3})`;
export const webhookUrlPattern = new RegExp(`^https?://${HOST}(?::${PORT})?(?:[/?][!-"$-~]*)?$`);

export const WEBHOOK_URL_MAX = 2048;
/** `http://a` is the shortest URL the pattern admits. */
export const WEBHOOK_URL_MIN = 8;

export const webhookUrl = z
  .string()
  .min(WEBHOOK_URL_MIN)
  .max(WEBHOOK_URL_MAX)
  .regex(
    webhookUrlPattern,
    'an absolute http(s) URL: scheme, host name or IPv4 address, optional port, path and query; no credentials, fragment or spaces',
  )
  .meta({
    [JSON_SCHEMA_KEY]: { type: 'string', minLength: WEBHOOK_URL_MIN, maxLength: WEBHOOK_URL_MAX, pattern: webhookUrlPattern.source },
    description:
      'where deliveries are POSTed: http(s), a host name or IPv4 address, optional port, path and query (printable ASCII, no fragment, no credentials); private addresses only where the deployment allows them',
  });

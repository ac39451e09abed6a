import ipaddr from 'ipaddr.js';

/**
 * SSRF guard: which resolved addresses a webhook may connect to. Only global unicast addresses
 * pass; every address that embeds an IPv4 address (mapped, NAT64, 6to4, IPv4-compatible) is
 * judged by the IPv4 address it carries, so `::ffff:127.0.0.1` is loopback, not "IPv6".
 */
export type AddressVerdict = { allowed: true; range: 'unicast' } | { allowed: false; range: string };

const metadataAddresses = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts;
  const range = address.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || range === 'rfc6052') {
    return new ipaddr.IPv4([parts[6] >> 8, parts[6] & 0xff, parts[7] >> 8, parts[7] & 0xff]);
  }
  if (range === '6to4') return new ipaddr.IPv4([parts[1] >> 8, parts[1] & 0xff, parts[2] >> 8, parts[2] & 0xff]);
  // IPv4-compatible (::a.b.c.d, deprecated by RFC 4291) is still routed to the IPv4 address by some stacks.
  if (parts.slice(0, 6).every((p) => p === 0) && (parts[6] !== 0 || parts[7] > 1)) {
    return new ipaddr.IPv4([parts[6] >> 8, parts[6] & 0xff, parts[7] >> 8, parts[7] & 0xff]);
  }
  return null;
}

function classifyIPv4(address: ipaddr.IPv4, original: string): AddressVerdict {
  if (metadataAddresses.has(address.toString())) return { allowed: false, range: 'metadata' };
  const range = address.range();
  if (range === 'unicast') return { allowed: true, range };
  return { allowed: false, range: original === address.toString() ? range : `embedded-${range}` };
}

/** Classifies one literal address (as dns.lookup returns it). Unparseable is refused. */
export function classifyAddress(literal: string): AddressVerdict {
  const text = literal.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(text)) return { allowed: false, range: 'invalid' };
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === 'ipv4') {
    // ipaddr accepts legacy forms (0x7f.1, 2130706433); only dotted quads come from a resolver.
    if (!ipaddr.IPv4.isValidFourPartDecimal(text)) return { allowed: false, range: 'invalid' };
    return classifyIPv4(parsed as ipaddr.IPv4, text);
  }
  const v6 = parsed as ipaddr.IPv6;
  if (metadataAddresses.has(v6.toString())) {
    return { allowed: false, range: 'metadata' };
  }
  const embedded = embeddedIPv4(v6);
  if (embedded) {
    const verdict = classifyIPv4(embedded, '');
    return verdict.allowed
      ? verdict
      : { allowed: false, range: verdict.range.startsWith('embedded-') ? verdict.range : `embedded-${verdict.range}` };
  }
  const range = v6.range();
  if (range === 'unicast') return { allowed: true, range };
  return { allowed: false, range };
}

/** True when the hostname is an IP literal (Node connects to those without a DNS lookup). */
export function isIpLiteral(hostname: string): boolean {
  return ipaddr.isValid(hostname.replace(/^\[|\]$/g, ''));
}

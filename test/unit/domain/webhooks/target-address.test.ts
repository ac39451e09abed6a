import { classifyAddress, isIpLiteral } from '../../../../domain/webhooks/target-address';

describe('SSRF address classifier', () => {
  it.each([
    ['8.8.8.8', true, 'unicast'],
    ['1.1.1.1', true, 'unicast'],
    ['2606:4700::1111', true, 'unicast'],
    ['::ffff:8.8.8.8', true, 'unicast'],
    ['127.0.0.1', false, 'loopback'],
    ['127.255.255.254', false, 'loopback'],
    ['10.1.2.3', false, 'private'],
    ['172.16.0.1', false, 'private'],
    ['172.31.255.255', false, 'private'],
    ['192.168.1.1', false, 'private'],
    ['100.64.0.1', false, 'carrierGradeNat'],
    ['100.127.255.255', false, 'carrierGradeNat'],
    ['169.254.169.254', false, 'metadata'],
    ['100.100.100.200', false, 'metadata'],
    ['169.254.1.1', false, 'linkLocal'],
    ['0.0.0.0', false, 'unspecified'],
    ['0.1.2.3', false, 'unspecified'],
    ['224.0.0.1', false, 'multicast'],
    ['255.255.255.255', false, 'broadcast'],
    ['192.0.2.10', false, 'reserved'],
    ['::1', false, 'loopback'],
    ['[::1]', false, 'loopback'],
    ['::', false, 'unspecified'],
    ['fe80::1', false, 'linkLocal'],
    ['fe80::1%eth0', false, 'linkLocal'],
    ['fc00::1', false, 'uniqueLocal'],
    ['fd12:3456::1', false, 'uniqueLocal'],
    ['fd00:ec2::254', false, 'metadata'],
    ['ff02::1', false, 'multicast'],
    ['2001:db8::1', false, 'reserved'],
    ['::ffff:127.0.0.1', false, 'embedded-loopback'],
    ['::ffff:7f00:1', false, 'embedded-loopback'],
    ['::ffff:169.254.169.254', false, 'embedded-metadata'],
    ['::ffff:10.0.0.1', false, 'embedded-private'],
    ['64:ff9b::a00:1', false, 'embedded-private'],
    ['2002:7f00:1::', false, 'embedded-loopback'],
    ['::127.0.0.1', false, 'embedded-loopback'],
    ['0x7f.1', false, 'invalid'],
    ['2130706433', false, 'invalid'],
    ['example.com', false, 'invalid'],
  ])('%s → allowed %s (%s)', (address, allowed, range) => {
    expect(classifyAddress(address)).toEqual({ allowed, range });
  });

  it.each([
    ['127.0.0.1', true],
    ['[::1]', true],
    ['example.com', false],
    ['localhost', false],
  ])('isIpLiteral(%s) = %s', (host, expected) => {
    expect(isIpLiteral(host)).toBe(expected);
  });
});

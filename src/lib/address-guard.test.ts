import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDestination, isForbiddenAddress, RefusedAddressError } from './address-guard.js';

describe('webhook address guard (SSRF)', () => {
  const refused = [
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local: the cloud metadata service'],
    ['100.100.100.200', 'carrier-grade NAT: a cloud metadata service'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fd00:ec2::254', 'unique-local: the IPv6 metadata service'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['::7f00:1', 'IPv4-compatible loopback'],
    ['::127.0.0.1', 'IPv4-compatible loopback, dotted'],
    ['::a9fe:a9fe', 'IPv4-compatible metadata service'],
    ['::ffff:0:7f00:1', 'IPv4-translated loopback'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['64:ff9b:1::a00:1', "NAT64's local-use prefix"],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['2002:a9fe:a9fe::1', '6to4 of the metadata service'],
    ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
    ['2001::1', 'Teredo'],
    ['not an address', 'not an address at all'],
  ] as const;
  for (const [address, why] of refused) {
    it(`refuses ${address} (${why})`, () => assert.equal(isForbiddenAddress(address), true));
  }

  for (const address of [
    '93.184.215.14',
    '8.8.8.8',
    '2606:4700:4700::1111',
    '::ffff:93.184.215.14',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ]) {
    it(`allows the public address ${address}`, () => assert.equal(isForbiddenAddress(address), false));
  }

  it('a hostname resolving to loopback (localhost) is refused at registration', async () => {
    await assert.rejects(checkDestination(new URL('https://localhost/hooks'), false), RefusedAddressError);
  });

  it('WEBHOOKS_ALLOW_PRIVATE lets every address through', async () => {
    await checkDestination(new URL('https://127.0.0.1/hooks'), true);
    await checkDestination(new URL('https://localhost/hooks'), true);
  });
});

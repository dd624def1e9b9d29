import { describe, expect, it } from 'vitest';
import {
  BlockedAddressError,
  isPublicAddress,
  publicOnlyLookup,
} from '../../src/engine/audio/network-guard.js';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.1.2.3',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    '2002:a00:1::',
    // Every IPv6 form that embeds an IPv4 address (issue 13, finding 8).
    '::127.0.0.1', // IPv4-compatible, as written
    '::7f00:1', // the same, as the URL parser hands it on from [::127.0.0.1]
    '::8.8.8.8', // IPv4-compatible is deprecated whatever it carries
    '::808:808',
    '::ffff:7f00:1', // IPv4-mapped, hexadecimal
    '::ffff:0:7f00:1', // SIIT (RFC 6145)
    '2002:7f00:1::', // 6to4
    '2002:808:808::1', // 6to4, even around a public IPv4 address
    '64:ff9b::7f00:1', // NAT64 (RFC 6052)
    '64:ff9b:1::7f00:1', // local-use NAT64 (RFC 8215)
    '2001:0:7f00:1::', // Teredo
    'fec0::1', // deprecated site-local
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
  ])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('publicOnlyLookup', () => {
  function lookup(host: string, all: boolean): Promise<unknown> {
    return new Promise((resolve, reject) => {
      publicOnlyLookup(host, { all }, (error, address) =>
        error ? reject(error) : resolve(address),
      );
    });
  }

  it('refuses a name that resolves to loopback, whether one or all addresses are asked for', async () => {
    await expect(lookup('localhost', false)).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(lookup('localhost', true)).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it('passes resolver failures through', async () => {
    await expect(lookup('name.invalid', true)).rejects.toMatchObject({
      code: expect.stringMatching(/^E/),
    });
  });
});

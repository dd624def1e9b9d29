/**
 * Redirects into private networks, tested without a public network: the resolver is replaced so
 * that `public.test` names this machine's 127.0.0.1, and ipaddr.js is told to treat exactly that
 * address as public. Everything else about the guard runs as in production.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchAudio } from '../../src/engine/audio/fetch.js';
import type { AudioPolicy } from '../../src/engine/tasks/index.js';
import type * as Dns from 'node:dns';
import type IpAddr from 'ipaddr.js';

const PRETEND_PUBLIC = '127.0.0.1';
const NAMES: Record<string, string[]> = {
  'public.test': [PRETEND_PUBLIC],
  'private.test': ['10.1.2.3'],
  'rebinding.test': [PRETEND_PUBLIC, '192.168.0.10'],
};

vi.mock('node:dns', async (importOriginal) => {
  const dns = await importOriginal<typeof Dns>();
  const lookup = (
    host: string,
    options: { all?: boolean },
    callback: (...args: unknown[]) => void,
  ) => {
    const addresses = NAMES[host];
    if (!addresses) return dns.lookup(host, options, callback as never);
    const entries = addresses.map((address) => ({ address, family: 4 }));
    return options.all ? callback(null, entries) : callback(null, entries[0]!.address, 4);
  };
  return { ...dns, default: { ...dns, lookup }, lookup };
});

vi.mock('ipaddr.js', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof IpAddr }>()).default;
  const process = (address: string) =>
    address === PRETEND_PUBLIC ? { range: () => 'unicast' } : real.process(address);
  return { default: { ...real, process } };
});

let server: Server;
let port: number;
const served: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    served.push(req.url ?? '');
    const redirects: Record<string, string> = {
      '/to-private-name': `http://private.test:${port}/audio`,
      '/to-private-literal': `http://10.1.2.3:${port}/audio`,
      '/to-metadata': 'http://169.254.169.254/latest/meta-data/',
      '/to-rebinding': `http://rebinding.test:${port}/audio`,
    };
    const location = redirects[req.url ?? ''];
    if (location) return res.writeHead(302, { location }).end();
    res.writeHead(200).end('RIFF');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const guarded: AudioPolicy = {
  audioRoots: [],
  blockPrivateNetworks: true,
  maxBytes: 1000,
  maxDurationSeconds: 60,
  fetchTimeoutMs: 3000,
};

describe('blockPrivateNetworks across redirects', () => {
  it('fetches from a host whose every address is public', async () => {
    expect(
      new TextDecoder().decode(await fetchAudio(`http://public.test:${port}/audio`, guarded)),
    ).toBe('RIFF');
  });

  it.each(['/to-private-name', '/to-private-literal', '/to-metadata', '/to-rebinding'])(
    'refuses the redirect %s and never reaches its target',
    async (path) => {
      served.length = 0;
      await expect(fetchAudio(`http://public.test:${port}${path}`, guarded)).rejects.toEqual(
        expect.objectContaining({ code: 'INVALID_PARAMETER', field: 'audioUrl' }),
      );
      expect(served).toEqual([path]);
    },
  );

  it('refuses a name with any private address among its answers', async () => {
    await expect(fetchAudio(`http://rebinding.test:${port}/audio`, guarded)).rejects.toEqual(
      expect.objectContaining({ code: 'INVALID_PARAMETER' }),
    );
  });
});

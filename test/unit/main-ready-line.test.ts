import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { waitForReadyLine } from '../../src/main/engine-process/ready-line.js';

describe('waitForReadyLine', () => {
  it('reads the port and passes the other lines on', async () => {
    const stdout = new PassThrough();
    const others: string[] = [];
    const ready = waitForReadyLine(stdout, 5_000, (line) => others.push(line));
    stdout.write('loading\nEXAMINER_SERVER_READY {"port":4321}\nafter\n');
    await expect(ready).resolves.toBe(4321);
    await new Promise((resolve) => setImmediate(resolve));
    expect(others).toEqual(['loading', 'after']);
  });

  it.each([
    'EXAMINER_SERVER_READY {oops',
    'EXAMINER_SERVER_READY null',
    'EXAMINER_SERVER_READY {}',
  ])('rejects the malformed ready line %j instead of throwing out of the stream', async (line) => {
    const stdout = new PassThrough();
    const ready = waitForReadyLine(stdout, 5_000, () => undefined);
    stdout.write(`${line}\n`);
    await expect(ready).rejects.toThrow(`bad ready line: ${line}`);
  });
});

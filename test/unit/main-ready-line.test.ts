import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { waitForReadyLine } from '../../src/main/engine-process/ready-line.js';
import {
  SERVER_READY_MARKER,
  serverReadyLine,
  serverReadyPort,
} from '../../src/shared/server-ready.js';

describe('the ready line', () => {
  it('is the documented `EXAMINER_SERVER_READY {"port":N}`', () => {
    expect(serverReadyLine(4321)).toBe('EXAMINER_SERVER_READY {"port":4321}');
  });

  it('gives its port back, and null for any other line', () => {
    expect(serverReadyPort(serverReadyLine(4321))).toBe(4321);
    expect(serverReadyPort('loading')).toBeNull();
    expect(serverReadyPort(`${SERVER_READY_MARKER}{"port":4321}`)).toBeNull();
    expect(serverReadyPort(`${SERVER_READY_MARKER} {"port":"4321"}`)).toBeNull();
  });
});

describe('waitForReadyLine', () => {
  it('reads the port and passes the other lines on', async () => {
    const stdout = new PassThrough();
    const others: string[] = [];
    const ready = waitForReadyLine(stdout, 5_000, (line) => others.push(line));
    stdout.write(`loading\n${serverReadyLine(4321)}\nafter\n`);
    await expect(ready).resolves.toBe(4321);
    await new Promise((resolve) => setImmediate(resolve));
    expect(others).toEqual(['loading', 'after']);
  });

  it.each([
    `${SERVER_READY_MARKER} {oops`,
    `${SERVER_READY_MARKER} null`,
    `${SERVER_READY_MARKER} {}`,
  ])('rejects the malformed ready line %j instead of throwing out of the stream', async (line) => {
    const stdout = new PassThrough();
    const ready = waitForReadyLine(stdout, 5_000, () => undefined);
    stdout.write(`${line}\n`);
    await expect(ready).rejects.toThrow(`bad ready line: ${line}`);
  });
});

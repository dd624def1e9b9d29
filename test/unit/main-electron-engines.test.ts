import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const read = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as unknown;

interface LockFile {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
}

describe('package.json engines', () => {
  const ours = (read('package.json') as { engines: { node: string } }).engines.node;

  it('promises no Node version that a dependency refuses', () => {
    const lock = read('package-lock.json') as LockFile;
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const theirs = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return theirs && !semver.subset(ours, theirs) ? [`${path}: ${theirs}`] : [];
      });
    expect(refusing).toEqual([]);
  });

  it('asks for the Node that Electron and its tooling declare', () => {
    expect(semver.subset(ours, '>=22.12.0')).toBe(true);
    expect(semver.satisfies('22.13.0', ours)).toBe(true);
    expect(semver.satisfies('24.11.0', ours)).toBe(true);
    expect(semver.satisfies('20.19.0', ours)).toBe(false);
  });
});

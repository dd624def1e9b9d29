import { describe, expect, it } from 'vitest';
import { isAppUrl } from '../../src/main/electron/security.js';

describe('isAppUrl: which pages may call the app API', () => {
  const built = 'file:///opt/examiner/out/renderer/index.html';

  it('accepts the built index.html, with any fragment or query', () => {
    expect(isAppUrl(built, built)).toBe(true);
    expect(isAppUrl(`${built}#/history`, built)).toBe(true);
    expect(isAppUrl(`${built}?x=1`, built)).toBe(true);
  });

  it('refuses any other file: page and other schemes', () => {
    expect(isAppUrl('file:///home/examiner/Downloads/page.html', built)).toBe(false);
    expect(isAppUrl('file:///opt/examiner/out/renderer/index.html.evil', built)).toBe(false);
    expect(isAppUrl('https://example.com/index.html', built)).toBe(false);
    expect(isAppUrl('', built)).toBe(false);
  });

  it('accepts only the dev server origin, not a host that merely starts the same', () => {
    const dev = 'http://localhost:5173';
    expect(isAppUrl('http://localhost:5173/#/score', dev)).toBe(true);
    expect(isAppUrl('http://localhost:51730/', dev)).toBe(false);
    expect(isAppUrl('http://localhost:5173.evil.example/', dev)).toBe(false);
  });
});

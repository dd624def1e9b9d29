const STORAGE_KEY = 'examiner.token';

/**
 * The browser host opens the page with #token=… in the fragment, which never reaches a
 * server log. It is kept for this tab only and removed from the address bar.
 */
export function takeSessionToken(): string | null {
  const fromHash = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (fromHash) {
    sessionStorage.setItem(STORAGE_KEY, fromHash);
    history.replaceState(null, '', window.location.pathname + window.location.search);
    return fromHash;
  }
  return sessionStorage.getItem(STORAGE_KEY);
}

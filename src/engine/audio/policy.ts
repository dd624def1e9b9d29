/** Where an answer's audio may come from and how much of it is read. */
export interface AudioPolicy {
  /** Folders that `file:` URLs may read from; empty refuses every `file:` URL. */
  audioRoots: string[];
  /** Refuse http(s) URLs that resolve to private or loopback addresses (public deployments). */
  blockPrivateNetworks: boolean;
  maxBytes: number;
  maxDurationSeconds: number;
  fetchTimeoutMs: number;
}

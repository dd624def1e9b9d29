/** Stores a secret (the API key) encrypted or permission-guarded, depending on the host. */
export interface SecretStore {
  readonly description: string;
  get(): string | null;
  set(secret: string): void;
  clear(): void;
}

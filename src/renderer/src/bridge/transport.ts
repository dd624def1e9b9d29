/** What a host carries: untyped calls and events, validated by the bridge client. */
export interface Transport {
  call(method: string, input: unknown): Promise<unknown>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}

import { describe, expect, it, vi } from 'vitest';
import { BridgeError } from '../../src/renderer/src/bridge/bridge-error';
import type { Transport } from '../../src/renderer/src/bridge/transport';
import { createValidatedBridge } from '../../src/renderer/src/bridge/validated-bridge';

const candidate = {
  id: 1,
  name: 'Ada',
  reference: '',
  notes: '',
  createdAt: '2026-01-01T00:00:00Z',
};

function fakeTransport(reply: () => Promise<unknown>) {
  const listeners = new Map<string, (payload: unknown) => void>();
  const transport: Transport = {
    call: vi.fn(reply),
    on: (event, listener) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    },
  };
  return { transport, emit: (event: string, payload: unknown) => listeners.get(event)?.(payload) };
}

describe('validated bridge', () => {
  it('sends parsed input and returns parsed output', async () => {
    const { transport } = fakeTransport(async () => candidate);
    const bridge = createValidatedBridge(transport);
    await expect(bridge.call('candidates.create', { name: ' Ada ' })).resolves.toEqual(candidate);
    expect(transport.call).toHaveBeenCalledWith('candidates.create', {
      name: 'Ada',
      reference: '',
      notes: '',
    });
  });

  it('refuses invalid input without sending it', async () => {
    const { transport } = fakeTransport(async () => candidate);
    const bridge = createValidatedBridge(transport);
    await expect(bridge.call('candidates.create', { name: '' })).rejects.toThrow(
      'Name is required',
    );
    expect(transport.call).not.toHaveBeenCalled();
  });

  it('refuses output that does not match the schema', async () => {
    const { transport } = fakeTransport(async () => ({ id: 'one' }));
    const call = createValidatedBridge(transport).call('candidates.create', { name: 'Ada' });
    await expect(call).rejects.toBeInstanceOf(BridgeError);
  });

  it('turns an ApiFailure into a BridgeError with message and detail', async () => {
    const { transport } = fakeTransport(() =>
      Promise.reject({ message: 'No such candidate.', detail: 'id 9' }),
    );
    const call = createValidatedBridge(transport).call('candidates.delete', {
      id: 9,
      confirm: 'Ana',
    });
    await expect(call).rejects.toMatchObject({ message: 'No such candidate.', detail: 'id 9' });
  });

  it('reports an unreachable host plainly', async () => {
    const { transport } = fakeTransport(() => Promise.reject(new TypeError('Failed to fetch')));
    const call = createValidatedBridge(transport).call('app.info', {});
    await expect(call).rejects.toMatchObject({
      message: 'Examiner could not be reached.',
      detail: 'Failed to fetch',
    });
  });

  it('forwards only events that match their schema', () => {
    const { transport, emit } = fakeTransport(async () => null);
    const listener = vi.fn();
    const unsubscribe = createValidatedBridge(transport).on('attempt.deleted', listener);
    emit('attempt.deleted', { id: 'x' });
    emit('attempt.deleted', { id: 4 });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith({ id: 4 });
    unsubscribe();
  });
});

import type { AppEvent, EventPayload } from '../../shared/app-api.js';
import type { AppEventListener } from './app-core.js';

/** Fans AppCore events out to the hosts that subscribed; one bad listener cannot stop the rest. */
export class EventHub {
  private readonly listeners = new Set<AppEventListener>();

  constructor(private readonly onListenerError: (error: unknown) => void) {}

  subscribe(listener: AppEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit<E extends AppEvent>(event: E, payload: EventPayload<E>): void {
    for (const listener of this.listeners) {
      try {
        listener(event, payload);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}

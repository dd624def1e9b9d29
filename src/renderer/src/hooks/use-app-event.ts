import { useEffect, useRef } from 'react';
import type { AppEvent, EventPayload } from '../../../shared/app-api';
import { api } from '../bridge';

/** Subscribes for the component's lifetime; the latest listener is always the one called. */
export function useAppEvent<E extends AppEvent>(
  event: E,
  listener: (payload: EventPayload<E>) => void,
): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => api.on(event, (payload) => latest.current(payload)), [event]);
}

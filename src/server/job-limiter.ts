/** A bound on scoring jobs in flight: past it, requests are refused, never queued. */
export class JobLimiter {
  private active = 0;

  constructor(readonly capacity: number) {}

  get inFlight(): number {
    return this.active;
  }

  get isFull(): boolean {
    return this.active >= this.capacity;
  }

  /** A release function, or null when every slot is taken. */
  tryAcquire(): (() => void) | null {
    if (this.isFull) return null;
    this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
    };
  }
}

/** When the server process dies on its own: restart it, unless it keeps dying. */

/** Crashes within this window count together. */
export const CRASH_WINDOW_MS = 3 * 60 * 1000;
/** Restarts allowed within the window; the next crash stops the retries. */
export const MAX_RESTARTS = 4;

export interface CrashVerdict {
  restart: boolean;
  /** Crashes within the window, this one included. */
  count: number;
}

export class CrashPolicy {
  private times: number[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  crashed(): CrashVerdict {
    const now = this.now();
    this.times = this.times.filter((t) => now - t < CRASH_WINDOW_MS);
    this.times.push(now);
    return { restart: this.times.length <= MAX_RESTARTS, count: this.times.length };
  }

  /** A restart the user asked for starts the count afresh. */
  reset(): void {
    this.times = [];
  }
}

/** What the status item and the notification say about crashes. */
export function crashText(count: number, gaveUp: boolean): string {
  const minutes = CRASH_WINDOW_MS / 60000;
  const times = count === 1 ? "once" : `${count} times`;
  return gaveUp
    ? `The server crashed ${times} in ${minutes} minutes and is not restarted again.`
    : `The server stopped unexpectedly and was restarted (${times} in ${minutes} minutes).`;
}

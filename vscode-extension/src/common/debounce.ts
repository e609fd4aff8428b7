/** A trailing-edge debounce: bursts of calls within `ms` run `fn` once, after the last call. */

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface Debounced {
  (): void;
  /** Drop a pending call. */
  cancel(): void;
}

export function debounce(fn: () => void, ms: number, timers: Timers = realTimers): Debounced {
  let handle: unknown;
  const call = (() => {
    if (handle !== undefined) timers.clearTimeout(handle);
    handle = timers.setTimeout(() => {
      handle = undefined;
      fn();
    }, ms);
  }) as Debounced;
  call.cancel = () => {
    if (handle !== undefined) timers.clearTimeout(handle);
    handle = undefined;
  };
  return call;
}

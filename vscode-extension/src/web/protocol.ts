/** The messages between the web extension and its server's Web Worker, besides the LSP (which
 * has a MessagePort of its own, given in `start`). */
import type { FolderMap } from "./uris";

/** A folder, or a file and its bytes (none: copied empty), at its path in the worker. */
export interface MirrorEntry {
  path: string;
  folder?: boolean;
  data?: Uint8Array;
}

/** What changed on disk, as the server's watched-file events name it (1 created, 2 changed, 3 deleted). */
export interface MirrorChange {
  path: string;
  type: 1 | 2 | 3;
}

export type ToWorker =
  | {
      kind: "start";
      /** The LSP's port. */
      lsp: MessagePort;
      /** The bundled Pyodide's files by name (its loader, runtime and standard library): the
       * worker fetches nothing, so it runs wherever the extension's files can be read. */
      runtime: Record<string, Uint8Array<ArrayBuffer>>;
      /** The zip of the server and its pure-Python dependencies. */
      libs: Uint8Array<ArrayBuffer>;
      /** Where the client reads the same libraries (the extension's bundled/libs): the links
       * to the rules' documentation shipped with them point there. */
      libsUri: string;
      folders: FolderMap[];
    }
  | { kind: "files"; entries: MirrorEntry[]; removed: string[]; changes: MirrorChange[] }
  /** The first copy is whole: the server may start. */
  | { kind: "mirrored" };

/** The worker's word on its own channel: its server ended (after `exit`, or it failed: `error`). */
export type FromWorker = { kind: "ended"; code: number; error?: string };

/** What the client needs of a worker to hear that its server ended (a Worker, or a test's). */
export interface WorkerEnds {
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

/**
 * Calls `end` once, when the worker says its server ended or the worker fails: the language
 * client then treats the connection as closed (and restarts it after a crash, as it restarts
 * a server process that died).
 */
export function whenWorkerEnds(worker: WorkerEnds, end: (why: string | undefined) => void): void {
  let ended = false;
  const once = (why: string | undefined) => {
    if (ended) return;
    ended = true;
    end(why);
  };
  worker.onmessage = (event) => {
    const data = event.data as Partial<FromWorker> | undefined;
    if (data?.kind === "ended") once(data.error);
  };
  worker.onerror = (event) => once(event.message || "the worker failed");
}

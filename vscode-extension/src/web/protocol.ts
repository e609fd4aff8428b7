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

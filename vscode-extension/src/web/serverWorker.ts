/**
 * The language server in VS Code for the Web: the bundled WebAssembly Python (Pyodide) in a Web
 * Worker, serving the very package the other runtimes run (the zip of bundled/libs). It reads a
 * copy of the workspace that the extension keeps in step (mirror.ts) at the folders' own paths,
 * and nothing else: there is no home folder with agents' user skills, and nothing is run.
 * The LSP arrives on its own MessagePort; URIs are turned into the server's `file:` ones and
 * back on the way (uris.ts).
 */
import type { FromWorker, MirrorChange, MirrorEntry, ToWorker } from "./protocol";
import { type FolderMap, toClient, toServer } from "./uris";

interface PyodideFS {
  mkdirTree(path: string): void;
  writeFile(path: string, data: Uint8Array): void;
  analyzePath(path: string): { exists: boolean; object?: { isFolder?: boolean } };
  rmdir(path: string): void;
  unlink(path: string): void;
  readdir(path: string): string[];
  isDir(mode: number): boolean;
  stat(path: string): { mode: number };
}

interface Pyodide {
  FS: PyodideFS;
  version: string;
  runPython(code: string): unknown;
  unpackArchive(buffer: ArrayBuffer, format: string, options?: { extractDir?: string }): void;
}

interface Message {
  method?: string;
  [key: string]: unknown;
}

type LoadPyodide = (options: Record<string, unknown>) => Promise<Pyodide>;

/** Where Pyodide believes its files are: the worker's fetch serves them from memory. */
const RUNTIME_BASE = "https://skill-ls.invalid/pyodide/";

const LIBS = "/skill-ls/libs";
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker): void;
  close(): void;
};

/** The server ended (after `exit`), or cannot go on (`error`): say so, then end the worker. */
function ended(code: number, error?: string): void {
  scope.postMessage({ kind: "ended", code, ...(error ? { error } : {}) });
  scope.close();
}

let folders: FolderMap[] = [];
let py: Pyodide | undefined;
let lsp: MessagePort | undefined;
let receive: ((text: string) => void) | undefined;
/** Copies that came before Python was ready, and LSP messages before the server was, in order. */
const early: ToWorker[] = [];
const earlyMessages: Message[] = [];

function log(message: string): void {
  console.log(`[skill-ls web worker] ${message}`);
}

function remove(fs: PyodideFS, path: string): void {
  const found = fs.analyzePath(path);
  if (!found.exists) return;
  if (fs.isDir(fs.stat(path).mode)) {
    for (const name of fs.readdir(path)) if (name !== "." && name !== "..") remove(fs, `${path}/${name}`);
    fs.rmdir(path);
  } else fs.unlink(path);
}

function apply(fs: PyodideFS, entries: MirrorEntry[], removed: string[]): void {
  for (const path of removed) remove(fs, path);
  for (const entry of entries) {
    if (entry.folder) fs.mkdirTree(entry.path);
    else {
      fs.mkdirTree(entry.path.slice(0, entry.path.lastIndexOf("/")) || "/");
      fs.writeFile(entry.path, entry.data ?? new Uint8Array());
    }
  }
}

/** The server learns of a change once its bytes are in the copy (the client's own watched-file
 * events are dropped for that reason). */
function tellServer(changes: MirrorChange[]): void {
  if (!receive || !changes.length) return;
  const params = { changes: changes.map((c) => ({ uri: `file://${encodeURI(c.path)}`, type: c.type })) };
  receive(JSON.stringify({ jsonrpc: "2.0", method: "workspace/didChangeWatchedFiles", params }));
}

/**
 * The worker's fetch: the runtime's files from memory, and nothing else (the server reads only
 * the copy of the workspace; no package is downloaded).
 */
function serveRuntimeFiles(files: Record<string, Uint8Array<ArrayBuffer>>): void {
  self.fetch = async (input: RequestInfo | URL) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const bytes = url.startsWith(RUNTIME_BASE) ? files[url.slice(RUNTIME_BASE.length)] : undefined;
    if (!bytes) return new Response(null, { status: 404, statusText: `not fetched: ${url}` });
    const type = url.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
    return new Response(bytes, { headers: { "Content-Type": type } });
  };
}

function handle(message: ToWorker): void {
  if (message.kind === "start") {
    start(message).catch((error: unknown) => {
      const text = `the server could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
      log(text);
      ended(1, text);
    });
    return;
  }
  if (!py) early.push(message);
  else if (message.kind === "files") {
    apply(py.FS, message.entries, message.removed);
    tellServer(message.changes);
  } else {
    serve();
  }
}

function fromClient(message: Message): void {
  if (message.method === "workspace/didChangeWatchedFiles") return;
  if (!receive) earlyMessages.push(message);
  else {
    try {
      receive(JSON.stringify(toServer(message, folders)));
    } catch (error) {
      // The server handles a bad message itself: what reaches here is Python failing (its
      // memory exhausted, say), after which it cannot serve.
      ended(1, `the server failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

async function start(message: Extract<ToWorker, { kind: "start" }>): Promise<void> {
  const started = Date.now();
  // The libraries are not copied from the workspace: their links lead to the extension's copy.
  folders = [...message.folders, { client: message.libsUri, server: `file://${LIBS}`, path: LIBS }];
  lsp = message.lsp;
  lsp.onmessage = (event: MessageEvent<Message>) => fromClient(event.data);
  const files = message.runtime;
  serveRuntimeFiles(files);
  // Its loader and its module as scripts of their own (Pyodide imports the module itself unless
  // given it: `createPyodideModule`, made for workers that cannot import by URL).
  const moduleOf = (name: string) => import(URL.createObjectURL(new Blob([files[name]], { type: "text/javascript" })));
  const { loadPyodide } = (await moduleOf("pyodide.mjs")) as { loadPyodide: LoadPyodide };
  const { default: createPyodideModule } = (await moduleOf("pyodide.asm.mjs")) as { default: unknown };
  const pyodide = await loadPyodide({
    indexURL: RUNTIME_BASE,
    createPyodideModule,
    lockFileContents: new TextDecoder().decode(files["pyodide-lock.json"]),
    stdLibURL: `${RUNTIME_BASE}python_stdlib.zip`,
    env: { HOME: "/home/pyodide" },
    stdout: log,
    stderr: log,
  });
  pyodide.unpackArchive(message.libs.buffer as ArrayBuffer, "zip", { extractDir: LIBS });
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(LIBS)})`);
  py = pyodide;
  log(`Pyodide ${pyodide.version} loaded in ${Date.now() - started} ms`);
  for (const m of early.splice(0)) handle(m);
}

/** Starts the server once Python is loaded and the first copy is whole. */
function serve(): void {
  if (!py || receive || !lsp) return;
  const port = lsp;
  const serveMessages = py.runPython("from skill_ls.server import serve_messages; serve_messages") as (
    send: (text: string) => void,
    onExit: (code: number) => void,
    reveal: (folders: string) => void,
  ) => (text: string) => void;
  receive = serveMessages(
    (text) => port.postMessage(toClient(JSON.parse(text) as Message, folders)),
    (code) => ended(code),
    // Every root there is to read is in the copy already.
    () => undefined,
  );
  port.postMessage({
    jsonrpc: "2.0",
    method: "window/logMessage",
    params: { type: 3, message: `WebAssembly runtime in a Web Worker: Pyodide ${py.version}` },
  });
  for (const m of earlyMessages.splice(0)) fromClient(m);
}

scope.onmessage = (event) => {
  try {
    handle(event.data);
  } catch (error) {
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
};

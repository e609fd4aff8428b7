/**
 * The language server under the bundled WebAssembly Python (Pyodide), for machines with no
 * Python 3.11 or newer. A Node process of its own (the extension host never waits on it),
 * started by the language client with the messages carried over Node's IPC channel
 * (`--node-ipc`) or, for tests and other editors, framed over stdio (`--stdio`).
 *
 * The server's Python code is the very package the CPython launch runs (bundled/libs); it
 * reads the machine's files through Pyodide's NODEFS mounts of exactly the folders the
 * CPython server reads: the workspace folders the client names, the user's home (the
 * agents' user folders, the result cache) and the root folders outside them that the server
 * says a scan will walk. Nothing from the workspace is run.
 */
import { existsSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  IPCMessageReader,
  IPCMessageWriter,
  type Message,
  type MessageReader,
  type MessageWriter,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-jsonrpc/node";
import { folderOfUri, type Mount, mountPoint, newMounts } from "./paths";

interface PyodideFS {
  mkdirTree(path: string): void;
  mount(type: unknown, options: { root: string }, point: string): void;
  filesystems: { NODEFS: unknown };
}

interface Pyodide {
  FS: PyodideFS;
  version: string;
  runPython(code: string): unknown;
}

type LoadPyodide = (options: Record<string, unknown>) => Promise<Pyodide>;

/** The extension's folder: this file is dist/wasmHost.js in it. */
const extensionRoot = path.resolve(__dirname, "..");
const LIBS = path.join(extensionRoot, "bundled", "libs");
const PYODIDE = path.join(extensionRoot, "bundled", "pyodide");

function log(message: string): void {
  process.stderr.write(`[skill-ls wasm] ${message}\n`);
}

function transport(): { reader: MessageReader; writer: MessageWriter } {
  if (process.argv.includes("--stdio")) {
    return { reader: new StreamMessageReader(process.stdin), writer: new StreamMessageWriter(process.stdout) };
  }
  return { reader: new IPCMessageReader(process), writer: new IPCMessageWriter(process) };
}

/** The folders an `initialize` or a workspace-folders change names. */
function namedFolders(message: Message): string[] {
  const m = message as { method?: string; params?: Record<string, unknown> };
  const params = m.params ?? {};
  const named: { uri?: unknown }[] = [];
  if (m.method === "initialize") {
    named.push({ uri: params.rootUri }, ...((params.workspaceFolders as { uri?: unknown }[] | null) ?? []));
  } else if (m.method === "workspace/didChangeWorkspaceFolders") {
    named.push(...((params.event as { added?: { uri?: unknown }[] } | undefined)?.added ?? []));
  }
  const folders = named.map((f) => (typeof f?.uri === "string" ? folderOfUri(f.uri) : undefined));
  if (m.method === "initialize" && typeof params.rootPath === "string") folders.push(params.rootPath);
  return folders.filter((f): f is string => f !== undefined);
}

async function main(): Promise<void> {
  const started = Date.now();
  const { reader, writer } = transport();
  // Messages that arrive while Python loads wait here, in order.
  const early: Message[] = [];
  let deliver: ((message: Message) => void) | undefined;
  let inputEnded = false;
  // The process ends once what the server wrote has left (the first reason given counts).
  let lastWrite: Promise<unknown> = Promise.resolve();
  let ending = false;
  const end = (code: number) => {
    if (ending) return;
    ending = true;
    void lastWrite.finally(() => process.exit(code));
  };
  reader.listen((message) => {
    if (deliver) deliver(message);
    else early.push(message);
  });
  // The end of the input ends the server, after the messages read before it (as over stdio).
  reader.onClose(() => {
    if (deliver) end(0);
    else inputEnded = true;
  });

  // A runtime require: the loader stays a file of its own next to its WebAssembly.
  const { loadPyodide } = require(path.join(PYODIDE, "pyodide.js")) as { loadPyodide: LoadPyodide };
  const home = os.homedir();
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  env.HOME = mountPoint(home);
  const py = await loadPyodide({
    indexURL: `${PYODIDE}${path.sep}`,
    env,
    // stdout may be the protocol's stream: whatever Python prints goes to stderr.
    stdout: (line: string) => process.stderr.write(`${line}\n`),
    stderr: (line: string) => process.stderr.write(`${line}\n`),
  });
  const mounted: Mount[] = [];
  const mount = (folders: string[]) => {
    for (const m of newMounts(mounted, folders)) {
      try {
        py.FS.mkdirTree(m.point);
        py.FS.mount(py.FS.filesystems.NODEFS, { root: m.host }, m.point);
        mounted.push(m);
      } catch (error) {
        log(`cannot read ${m.host}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  // The libraries at their own path, as the workspace: the links the server gives to its
  // rules' documentation (bundled/libs/skill_ls/data/rules.md) then open on this machine.
  mount([LIBS, home]);
  py.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(mountPoint(LIBS))})`);
  const serve = py.runPython("from skill_ls.server import serve_messages; serve_messages") as (
    send: (text: string) => void,
    onExit: (code: number) => void,
    reveal: (folders: string) => void,
  ) => (text: string) => void;
  const receive = serve(
    (text) => {
      lastWrite = writer.write(JSON.parse(text) as Message).catch(() => undefined);
    },
    (code) => end(code),
    // The root folders a scan is about to walk: those outside the mounts (an agent's user
    // folder that $CODEX_HOME or $XDG_CONFIG_HOME puts elsewhere, an extra root) that exist.
    (folders) => mount((JSON.parse(folders) as string[]).filter((folder) => existsSync(folder))),
  );
  // News, not trouble: a log message at info level (an editor shows stderr as errors).
  lastWrite = writer
    .write({
      jsonrpc: "2.0",
      method: "window/logMessage",
      params: { type: 3, message: `WebAssembly runtime: Pyodide ${py.version} serving after ${Date.now() - started} ms` },
    } as Message)
    .catch(() => undefined);
  deliver = (message) => {
    mount(namedFolders(message));
    receive(JSON.stringify(message));
  };
  for (const message of early.splice(0)) deliver(message);
  if (inputEnded) end(0);
}

main().catch((error: unknown) => {
  log(`the server could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});

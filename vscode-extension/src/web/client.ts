/** The language client of VS Code for the Web: the server runs in a Web Worker of ours, over a
 * copy of the workspace (mirror.ts). */
import * as vscode from "vscode";
import { BrowserMessageReader, BrowserMessageWriter, LanguageClient } from "vscode-languageclient/browser";
import { buildClient, type OnClosed } from "../common/client";
import { CLIENT_ID, CLIENT_NAME, documentSelector } from "../common/constants";
import { WorkspaceMirror } from "./mirror";
import { type ToWorker, whenWorkerEnds } from "./protocol";
import { type FolderMap, folderMap } from "./uris";

/** The workspace folders the worker's copy holds (those it can hold: not at Pyodide's own paths). */
function copiedFolders(log: vscode.LogOutputChannel): { uri: vscode.Uri; map: FolderMap }[] {
  const out: { uri: vscode.Uri; map: FolderMap }[] = [];
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const map = folderMap(folder.uri.toString());
    if (map) out.push({ uri: folder.uri, map });
    else log.warn(`The folder ${folder.uri.toString()} cannot be read in VS Code for the Web (its path is the runtime's own).`);
  }
  return out;
}

/** The bundled Pyodide's files the worker needs (scripts/bundle-python.sh copies them). */
export const RUNTIME_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];

/**
 * One of the extension's files. `fetch`, because on vscode.dev the extension is served over
 * https (no file system provider reads that), and a workbench with a server patches the
 * extension host's fetch to read the server's `vscode-remote:` files.
 */
async function extensionFile(extensionUri: vscode.Uri, ...path: string[]): Promise<Uint8Array<ArrayBuffer>> {
  const uri = vscode.Uri.joinPath(extensionUri, ...path).toString(true);
  const response = await fetch(uri);
  if (!response.ok) throw new Error(`${uri}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * The server's worker, from its script's text: the browser extension host refuses a worker
 * named by a `vscode-remote:` URI (an extension installed on a workbench's server), and a blob
 * serves every host alike.
 */
async function startWorker(extensionUri: vscode.Uri): Promise<Worker> {
  const script = await extensionFile(extensionUri, "dist", "web", "serverWorker.js");
  const url = URL.createObjectURL(new Blob([script], { type: "text/javascript" }));
  return new Worker(url, { name: "Skill LS server" });
}

/** The LSP's reader, which also closes when the worker's server ends. */
class WorkerReader extends BrowserMessageReader {
  end(): void {
    this.fireClose();
  }
}

export function createWebClient(extensionUri: vscode.Uri, output: vscode.LogOutputChannel, onClosed: OnClosed): LanguageClient {
  let running: { worker: Worker; mirror: WorkspaceMirror } | undefined;
  const serverOptions = async () => {
    running?.mirror.dispose();
    running?.worker.terminate();
    const folders = copiedFolders(output);
    const [worker, libs, ...files] = await Promise.all([
      startWorker(extensionUri),
      extensionFile(extensionUri, "bundled", "web", "libs.zip"),
      ...RUNTIME_FILES.map((name) => extensionFile(extensionUri, "bundled", "pyodide", name)),
    ]);
    const post = (message: ToWorker, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
    const channel = new MessageChannel();
    const runtime = Object.fromEntries(RUNTIME_FILES.map((name, i) => [name, files[i]]));
    // The bytes move to the worker (each file is a buffer of its own), the port too.
    const buffers = [libs, ...files].map((bytes) => bytes.buffer as ArrayBuffer);
    const libsUri = vscode.Uri.joinPath(extensionUri, "bundled", "libs").toString();
    post({ kind: "start", lsp: channel.port2, runtime, libs, libsUri, folders: folders.map((f) => f.map) }, [
      channel.port2,
      ...buffers,
    ]);
    const reader = new WorkerReader(channel.port1);
    whenWorkerEnds(worker, (why) => {
      if (why) output.error(`The server's worker failed: ${why}`);
      reader.end();
    });
    const mirror = new WorkspaceMirror(
      post,
      folders.map((f) => f.uri),
      output,
    );
    running = { worker, mirror };
    const started = Date.now();
    mirror.watch();
    void mirror.copy().then((stats) => {
      output.info(
        `Copied the workspace for the server in ${Date.now() - started} ms: ${stats.folders} folders, ${stats.files} files, ${stats.bytes} bytes of contents` +
          (stats.withoutContents
            ? `; ${stats.withoutContents} files without their contents (linked, too large, past the copy's limit, or unreadable)`
            : "") +
          (stats.truncated ? "; stopped at the entry limit, the rest is not read" : ""),
      );
    });
    return { reader, writer: new BrowserMessageWriter(channel.port1) };
  };
  const schemes = [...new Set((vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.scheme))];
  const client = buildClient(
    (options) => new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, options),
    output,
    onClosed,
    documentSelector(schemes.length ? schemes : ["file"]),
  );
  // The worker ends with the server; one that did not is ended with the client.
  client.onDidChangeState(({ newState }) => {
    if (newState === 1 /* Stopped */ && running) {
      running.mirror.dispose();
      running.worker.terminate();
      running = undefined;
    }
  });
  return client;
}

/** How the server process is started on this machine (Python, the WebAssembly Python in a Node
 * process, or an installed `skill-ls`), and the language client that talks to it. */
import * as path from "node:path";
import type { LogOutputChannel } from "vscode";
import { LanguageClient, type ServerOptions, TransportKind } from "vscode-languageclient/node";
import { buildClient, type Launch, type LocalLaunch, type OnClosed } from "./client";
import { CLIENT_ID, CLIENT_NAME } from "./constants";

/** The process that runs the bundled server under Pyodide (src/wasm/host.ts). */
export function wasmHost(extensionPath: string): string {
  return path.join(extensionPath, "dist", "wasmHost.js");
}

export function bundledLibs(extensionPath: string): string {
  return path.join(extensionPath, "bundled", "libs");
}

/**
 * The server's command line. The bundled server runs as `python -S -m skill_ls serve` with
 * PYTHONPATH set to our libraries only, so the user's site-packages cannot shadow them, and
 * PYTHONSAFEPATH so that `-m` does not put the working directory first on sys.path.
 * The working directory is the extension's own folder, never the workspace (without a `cwd`
 * the client would use the first workspace folder): on Windows a bare program name is looked
 * for in the working directory before PATH, so a `py.exe` in a repository would run. The
 * bundled server's interpreter is an absolute path anyway (the probe asked it; python.ts).
 * No `transport` is given on purpose: the client would append `--stdio` to the arguments.
 */
export function serverOptions(launch: LocalLaunch, extensionPath: string, env: NodeJS.ProcessEnv = process.env): ServerOptions {
  if (launch.kind === "executable") {
    return { command: launch.path, args: ["serve"], options: { cwd: extensionPath, env: { ...env } } };
  }
  if (launch.kind === "wasm") {
    // A Node process of its own (the extension host's runtime, forked), messages over IPC.
    return { module: wasmHost(extensionPath), transport: TransportKind.ipc, options: { cwd: extensionPath, env: { ...env } } };
  }
  const [command, ...interpreterArgs] = launch.python;
  return {
    command,
    args: [...interpreterArgs, "-S", "-m", "skill_ls", "serve"],
    options: {
      cwd: extensionPath,
      env: { ...env, PYTHONPATH: bundledLibs(extensionPath), PYTHONSAFEPATH: "1", PYTHONIOENCODING: "utf-8" },
    },
  };
}

export function createClient(
  launch: Launch,
  extensionPath: string,
  outputChannel: LogOutputChannel,
  onClosed?: OnClosed,
): LanguageClient {
  if (launch.kind === "web") throw new Error("VS Code for the Web serves in a Web Worker (web/client.ts), not a process.");
  return buildClient(
    (options) => new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions(launch, extensionPath), options),
    outputChannel,
    onClosed,
  );
}

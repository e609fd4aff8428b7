#!/usr/bin/env node
// A strict stdio check of the language server, started exactly as the extension starts it:
//   <python> -S -m skill_ls serve   with PYTHONPATH=bundled/libs (and PYTHONSAFEPATH=1)
// Every byte the server writes to stdout must belong to a `Content-Length` frame holding a
// JSON-RPC message. pygls's own reader and Neovim skip stray lines; VS Code's vscode-jsonrpc
// breaks on them, so a green pytest-lsp suite proves nothing about this.
//
// Usage: node scripts/framing-check.mjs --skill path/to/SKILL.md [--python python3]
//          [--libs bundled/libs] [--stray-print] [--server-cmd "cmd args"] [--timeout 60]
//   --stray-print  runs the server with a thread that print()s while it serves: the server must
//                  keep such output off the protocol stream (it should reach stderr).
//   --server-cmd   runs another command instead (used to prove this check fails on junk).
// Prints a JSON summary on stdout; exits 1 with the reason on stderr when the check fails.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node";

const here = dirname(fileURLToPath(import.meta.url));

function parseArgs(argv) {
  const args = { python: "python3", libs: join(here, "..", "bundled", "libs"), timeout: 60, strayPrint: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--stray-print") args.strayPrint = true;
    else if (a === "--python") args.python = argv[++i];
    else if (a === "--libs") args.libs = argv[++i];
    else if (a === "--skill") args.skill = argv[++i];
    else if (a === "--server-cmd") args.serverCmd = argv[++i];
    else if (a === "--timeout") args.timeout = Number(argv[++i]);
    else throw new Error(`unknown argument ${a}`);
  }
  if (!args.skill) throw new Error("--skill path/to/SKILL.md is required");
  return args;
}

/** Checks a byte stream frame by frame; `violation` is set at the first byte outside a frame. */
export class StrictFramer {
  constructor() {
    this.buffer = Buffer.alloc(0);
    this.frames = 0;
    this.offset = 0; // bytes consumed so far, for error messages
    this.violation = undefined;
  }

  push(chunk) {
    if (this.violation) return;
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf("\r\n\r\n");
      if (end < 0) {
        // Every header line starts with a name; anything else can be rejected early.
        if (
          this.buffer.length &&
          !/^[A-Za-z-]*(:[^\r\n]*)?(\r\n[A-Za-z-]*(:[^\r\n]*)?)*\r?$/.test(this.buffer.toString("latin1"))
        ) {
          return this.fail("bytes that are not a header");
        }
        return;
      }
      const headers = this.buffer.subarray(0, end).toString("ascii").split("\r\n");
      let length;
      for (const line of headers) {
        const m = /^(Content-Length|Content-Type): (.+)$/i.exec(line);
        if (!m) return this.fail(`a line that is not a Content-Length/Content-Type header`);
        if (m[1].toLowerCase() === "content-length") {
          if (!/^\d+$/.test(m[2])) return this.fail("a malformed Content-Length");
          length = Number(m[2]);
        }
      }
      if (length === undefined) return this.fail("a header block without Content-Length");
      if (this.buffer.length < end + 4 + length) return;
      const body = this.buffer.subarray(end + 4, end + 4 + length).toString("utf8");
      let message;
      try {
        message = JSON.parse(body);
      } catch {
        return this.fail(`a frame whose body is not JSON`);
      }
      if (message?.jsonrpc !== "2.0") return this.fail("a frame that is not JSON-RPC 2.0");
      this.frames++;
      this.offset += end + 4 + length;
      this.buffer = this.buffer.subarray(end + 4 + length);
    }
  }

  fail(what) {
    const sample = JSON.stringify(this.buffer.subarray(0, 120).toString("utf8"));
    this.violation = `byte ${this.offset}: ${what} (outside Content-Length frames): ${sample}`;
  }
}

// A thread that print()s once the server is serving: it waits until the server has rebound
// sys.stdout (or 20 s, for servers that protect the stream at the file-descriptor level).
const STRAY_PRINT = [
  "import runpy, sys, threading, time",
  "def stray():",
  "    deadline = time.monotonic() + 20",
  "    while sys.stdout is sys.__stdout__ and time.monotonic() < deadline:",
  "        time.sleep(0.05)",
  "    for _ in range(5):",
  "        print('stray output from a handler', flush=True)",
  "        time.sleep(0.1)",
  "threading.Thread(target=stray, daemon=True).start()",
  "sys.argv = ['skill_ls', 'serve']",
  "runpy.run_module('skill_ls', run_name='__main__', alter_sys=True)",
].join("\n");

function serverCommand(args) {
  if (args.serverCmd) {
    const [command, ...rest] = args.serverCmd.split(" ");
    return { command, args: rest };
  }
  const python = args.python.split(" ");
  const serverArgs = args.strayPrint ? ["-S", "-c", STRAY_PRINT] : ["-S", "-m", "skill_ls", "serve"];
  return { command: python[0], args: [...python.slice(1), ...serverArgs] };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const skillPath = resolve(args.skill);
  const skillUri = pathToFileURL(skillPath).href;
  const folder = dirname(dirname(skillPath));
  const { command, args: commandArgs } = serverCommand(args);
  const child = spawn(command, commandArgs, {
    // As the extension does: in its own folder (bundled/libs is two levels below), never the workspace.
    cwd: resolve(args.libs, "..", ".."),
    env: { ...process.env, PYTHONPATH: resolve(args.libs), PYTHONSAFEPATH: "1", PYTHONIOENCODING: "utf-8" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const framer = new StrictFramer();
  child.stdout.on("data", (chunk) => {
    framer.push(chunk);
    if (framer.violation) child.kill("SIGKILL"); // fail fast: the client would be broken now
  });
  const exited = new Promise((res) => child.on("exit", (code, signal) => res({ code, signal })));

  const problems = [];
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  connection.onError(([error]) => problems.push(`vscode-jsonrpc: ${error?.message ?? error}`));
  const diagnostics = [];
  connection.onNotification("textDocument/publishDiagnostics", (p) => p.uri === skillUri && diagnostics.push(p.diagnostics));
  connection.onNotification(() => {});
  connection.onRequest("workspace/configuration", (p) => p.items.map(() => ({})));
  connection.onRequest(() => null); // registerCapability, workDoneProgress/create, ...
  connection.listen();

  let exiting = false;
  let timer;
  const abort = new Promise((_, reject) => {
    child.on("exit", (code, signal) => !exiting && reject(new Error(`the server exited early (${code ?? signal})`)));
    child.on("error", (error) => reject(error));
    timer = setTimeout(() => reject(new Error(`timed out after ${args.timeout} s`)), args.timeout * 1000);
  });
  const summary = { frames: 0 };
  const session = async () => {
    const init = await connection.sendRequest("initialize", {
      processId: process.pid,
      clientInfo: { name: "Visual Studio Code", version: "1.139.1" },
      rootUri: pathToFileURL(folder).href,
      workspaceFolders: [{ uri: pathToFileURL(folder).href, name: "ws" }],
      initializationOptions: {},
      capabilities: {
        workspace: {
          configuration: true,
          workspaceFolders: true,
          didChangeConfiguration: { dynamicRegistration: true },
          didChangeWatchedFiles: { dynamicRegistration: true },
        },
        textDocument: {
          synchronization: { dynamicRegistration: true, didSave: true },
          completion: { completionItem: { snippetSupport: true, documentationFormat: ["markdown", "plaintext"] } },
          diagnostic: { dynamicRegistration: true, relatedDocumentSupport: false },
          publishDiagnostics: { relatedInformation: true, codeDescriptionSupport: true },
        },
        window: { workDoneProgress: true, showDocument: { support: true } },
        general: { positionEncodings: ["utf-16"] },
      },
    });
    summary.serverInfo = init.serverInfo;
    summary.commands = init.capabilities.executeCommandProvider?.commands ?? [];
    await connection.sendNotification("initialized", {});
    const text = readFileSync(skillPath, "utf8");
    await connection.sendNotification("textDocument/didOpen", {
      textDocument: { uri: skillUri, languageId: "skill", version: 1, text },
    });
    if (init.capabilities.diagnosticProvider) {
      const report = await connection.sendRequest("textDocument/diagnostic", { textDocument: { uri: skillUri } });
      summary.diagnostics = (report.items ?? []).map((d) => `${d.code} ${d.message}`);
    } else {
      for (let i = 0; i < 100 && diagnostics.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      summary.diagnostics = (diagnostics.at(-1) ?? []).map((d) => `${d.code} ${d.message}`);
    }
    const completion = await connection.sendRequest("textDocument/completion", {
      textDocument: { uri: skillUri },
      position: { line: 1, character: 0 },
    });
    summary.completion = (Array.isArray(completion) ? completion : (completion?.items ?? [])).map((c) => c.label);
    // The preview commands, as the extension calls them. A server without them fails none of
    // this check (it is about framing), but the errors are reported in the summary.
    const run = (command, ...commandArgs) =>
      connection.sendRequest("workspace/executeCommand", { command, arguments: commandArgs });
    summary.commandErrors = {};
    const attempt = async (key, command, ...commandArgs) => {
      try {
        summary[key] = await run(command, ...commandArgs);
      } catch (error) {
        summary.commandErrors[command] = error?.message ?? String(error);
      }
    };
    await attempt("clients", "skill-ls.listClients");
    const client = summary.clients?.clients?.[0]?.id ?? "agentskills";
    await attempt("catalog", "skill-ls.previewCatalog", skillUri, client);
    await attempt("activation", "skill-ls.previewActivation", skillUri, client);
    await attempt("skills", "skill-ls.listSkills");
    await connection.sendNotification("textDocument/didChange", {
      textDocument: { uri: skillUri, version: 2 },
      contentChanges: [{ text: `${text}\n` }],
    });
    for (let i = 0; args.strayPrint && i < 60 && !stderr.includes("stray output"); i++)
      await new Promise((r) => setTimeout(r, 100));
    await connection.sendRequest("shutdown");
    exiting = true;
    await connection.sendNotification("exit");
    const { code, signal } = await exited;
    if (code !== 0) problems.push(`the server exited with ${code ?? signal} after exit`);
  };
  try {
    await Promise.race([session(), abort]);
  } catch (error) {
    problems.push(error?.message ?? String(error));
    child.kill("SIGKILL");
  } finally {
    clearTimeout(timer);
    connection.dispose();
  }
  if (framer.violation) problems.unshift(`stray output on stdout at ${framer.violation}`);
  else if (framer.buffer.length) problems.push(`${framer.buffer.length} bytes of an unfinished frame at exit`);
  summary.frames = framer.frames;
  summary.stderrTail = stderr.slice(-2000);
  if (args.strayPrint) summary.strayPrintOnStderr = stderr.includes("stray output from a handler");
  console.log(JSON.stringify(summary, null, 2));
  if (problems.length) {
    console.error(`FAIL: ${problems.join("; ")}`);
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  main().catch((error) => {
    console.error(`FAIL: ${error?.stack ?? error}`);
    process.exit(1);
  });
}

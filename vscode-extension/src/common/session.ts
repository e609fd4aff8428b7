/** The running server: choosing how to launch it, starting, stopping and (debounced) restarting. */
import * as vscode from "vscode";
import {
  CloseAction,
  type CloseHandlerResult,
  DocumentDiagnosticRequest,
  ExecuteCommandRequest,
  type LanguageClient,
  State,
} from "vscode-languageclient/node";
import { CONFIG_SECTION, Commands, INDEX_CHANGED, MIN_PYTHON } from "./constants";
import { CrashPolicy, crashText } from "./crashes";
import { debounce } from "./debounce";
import { hidingDuplicates, isSkillFile, shownInEditor, shownSkillFiles, vscodeMarkersKey } from "./duplicates";
import { candidates, findInterpreter, onPythonInterpreterChange, probeVersion, pythonExtensionInterpreter } from "./python";
import { createClient, type Launch } from "./server";
import { RESTRICTED_SETTINGS } from "./settingKeys.generated";
import { affectsLaunch, readLaunchSettings } from "./settings";

export type ServerState = "stopped" | "starting" | "running" | "failed";

/** Crashes in the current window; `gaveUp`: the last one stopped the restarts. */
export interface CrashInfo {
  count: number;
  gaveUp: boolean;
}

export const RESTART_DELAY_MS = 1000;

export const defaultDeps = { probe: probeVersion, pythonExtensionInterpreter, createClient, now: Date.now };

export class ServerSession implements vscode.Disposable {
  state: ServerState = "stopped";
  launch: Launch | undefined;
  private client: LanguageClient | undefined;
  private queue: Promise<void> = Promise.resolve();
  private readonly stateEvents = new vscode.EventEmitter<ServerState>();
  readonly onDidChangeState = this.stateEvents.event;
  private readonly indexEvents = new vscode.EventEmitter<void>();
  /** The server's skill index changed (skill-ls/indexChanged). */
  readonly onIndexChanged = this.indexEvents.event;
  /** Set once the server has crashed in the current window; cleared by a manual restart. */
  crash: CrashInfo | undefined;
  private readonly crashes: CrashPolicy;
  /** Bursts of setting changes (typing a path in the Settings UI) cause one restart. */
  readonly scheduleRestart = debounce(() => void this.restart(), RESTART_DELAY_MS);
  private readonly disposables: vscode.Disposable[] = [this.stateEvents, this.indexEvents];

  constructor(
    private readonly extensionPath: string,
    private readonly output: vscode.LogOutputChannel,
    private readonly deps = defaultDeps,
  ) {
    this.crashes = new CrashPolicy(deps.now ?? Date.now);
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((event) => affectsLaunch(event) && this.scheduleRestart()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.scheduleRestart()),
    );
    // VS Code's own checks follow the shown editors, and its markers come after ours: ours are
    // filtered beside those markers (server.ts), so either changing pulls them again.
    let shown = shownSkillFiles();
    const markersSeen = new Map<string, string>();
    const pullAgain = () => {
      if (this.client && this.state === "running") this.client.getFeature(DocumentDiagnosticRequest.method)?.refresh();
    };
    this.disposables.push(
      vscode.window.onDidChangeVisibleTextEditors(() => {
        const now = shownSkillFiles();
        if (now === shown) return;
        shown = now;
        pullAgain();
      }),
      vscode.languages.onDidChangeDiagnostics((event) => {
        if (!hidingDuplicates()) return;
        let changed = false;
        for (const uri of event.uris) {
          if (!isSkillFile(uri) || !shownInEditor(uri)) continue;
          const now = vscodeMarkersKey(uri);
          if ((markersSeen.get(uri.toString()) ?? "") === now) continue;
          markersSeen.set(uri.toString(), now);
          changed = true;
        }
        if (changed) pullAgain();
      }),
    );
    void onPythonInterpreterChange(() => this.launch?.kind === "bundled" && this.scheduleRestart()).then(
      (subscription) => subscription && this.disposables.push(subscription),
    );
  }

  start(): Promise<void> {
    return this.enqueue(() => this.doStart());
  }

  stop(): Promise<void> {
    return this.enqueue(() => this.doStop());
  }

  restart(): Promise<void> {
    this.scheduleRestart.cancel();
    this.crashes.reset();
    this.crash = undefined;
    return this.enqueue(async () => {
      await this.doStop();
      await this.doStart();
    });
  }

  /** Runs one of the server's commands (workspace/executeCommand) once a start in progress ends. */
  async request<T>(command: string, args: unknown[]): Promise<T> {
    await this.queue;
    if (!this.client || this.state !== "running") throw new Error("The Skill LS server is not running.");
    return (await this.client.sendRequest(ExecuteCommandRequest.type, { command, arguments: args })) as T;
  }

  dispose(): void {
    this.scheduleRestart.cancel();
    for (const d of this.disposables) d.dispose();
  }

  private enqueue(op: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(op, op);
    return this.queue;
  }

  private setState(state: ServerState): void {
    this.state = state;
    this.stateEvents.fire(state);
  }

  private async doStart(): Promise<void> {
    if (this.client) return;
    this.setState("starting");
    this.launch = await this.resolveLaunch();
    if (!this.launch) return this.setState("failed");
    const client = this.deps.createClient(this.launch, this.extensionPath, this.output, () => this.onCrash());
    this.client = client;
    client.onNotification(INDEX_CHANGED, () => this.indexEvents.fire());
    client.onDidChangeState(({ newState }) => {
      if (this.client !== client) return;
      if (newState === State.Stopped && this.crash?.gaveUp) return this.setState("failed");
      this.setState(newState === State.Running ? "running" : newState === State.Starting ? "starting" : "stopped");
    });
    try {
      await client.start();
      this.setState("running");
    } catch (error) {
      // The language client has already shown its own error notification with "Go to output".
      this.output.error(`The server failed to start: ${error instanceof Error ? error.message : String(error)}`);
      this.client = undefined;
      await client.dispose().catch(() => undefined); // and no more automatic restarts
      this.setState("failed");
    }
  }

  /** The server process ended without being asked to: restart it, unless it keeps crashing. */
  private onCrash(): CloseHandlerResult {
    const { restart, count } = this.crashes.crashed();
    this.crash = { count, gaveUp: !restart };
    const text = crashText(count, !restart);
    if (restart) {
      this.output.warn(text);
      return { action: CloseAction.Restart, handled: true };
    }
    this.output.error(text);
    void vscode.window
      .showErrorMessage(`Skill LS: ${text} The output has the server's last words.`, "Show Output", "Restart Server")
      .then((choice) => {
        if (choice === "Show Output") void vscode.commands.executeCommand(Commands.showOutput);
        else if (choice === "Restart Server") void this.restart();
      });
    return { action: CloseAction.DoNotRestart, handled: true };
  }

  private async doStop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client) {
      try {
        await client.stop();
      } catch (error) {
        this.output.warn(`Stopping the server: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    this.setState("stopped");
  }

  private async resolveLaunch(): Promise<Launch | undefined> {
    const config = vscode.workspace.getConfiguration(CONFIG_SECTION);
    const trusted = vscode.workspace.isTrusted;
    if (!trusted) {
      this.output.info(
        `Restricted Mode: the workspace's skill-ls configuration files and its values of ${RESTRICTED_SETTINGS.map((k) => `skillLs.${k}`).join(", ")} are ignored, and the Python extension's environment is not used.`,
      );
    }
    const settings = readLaunchSettings(config, trusted);
    for (const key of settings.ignored) {
      this.output.info(
        `Restricted Mode: skillLs.${key} names a program in the workspace (\${workspaceFolder}); it is not run until you trust the workspace.`,
      );
    }
    if (settings.serverPath) {
      this.output.info(`Using the skill-ls executable from skillLs.server.path: ${settings.serverPath}`);
      return { kind: "executable", path: settings.serverPath };
    }
    if (settings.runtime === "webassembly") {
      this.output.info("Using the bundled WebAssembly Python (skillLs.runtime is webassembly).");
      return { kind: "wasm", why: "setting" };
    }
    // The Python extension may have picked an environment inside the repository.
    const fromExtension =
      settings.interpreter.length || !trusted
        ? undefined
        : await this.deps.pythonExtensionInterpreter(vscode.workspace.workspaceFolders?.[0]?.uri);
    // The probe runs in the extension's folder, never in the workspace (python.ts).
    const probe = (command: string[]) => this.deps.probe(command, this.extensionPath);
    const found = await findInterpreter(candidates(settings.interpreter, fromExtension), probe, (m) => this.output.info(m));
    if (found) {
      const how = found.launch.join(" ") === found.command.join(" ") ? "" : `, run as ${found.launch.join(" ")}`;
      this.output.info(`Using Python ${found.version.join(".")} (${found.source}): ${found.command.join(" ")}${how}`);
      return { kind: "bundled", python: found.launch };
    }
    const minimum = MIN_PYTHON.join(".");
    if (settings.runtime === "auto" && !settings.interpreter.length) {
      // A named interpreter that fails is an error (running another would hide the mistake).
      this.output.info(`No Python ${minimum} or newer was found: using the bundled WebAssembly Python.`);
      return { kind: "wasm", why: "no-python" };
    }
    const problem = settings.interpreter.length
      ? `the interpreter in skillLs.interpreter (${settings.interpreter.join(" ")}) is not a working Python ${minimum} or newer.`
      : `no Python ${minimum} or newer was found (Python extension, python3 on PATH).`;
    this.output.error(`Cannot start the server: ${problem}`);
    void vscode.window
      .showErrorMessage(`Skill LS: ${problem} Set skillLs.interpreter to start the server.`, "Open Setting")
      .then((choice) => choice && vscode.commands.executeCommand("workbench.action.openSettings", "skillLs.interpreter"));
    return undefined;
  }
}

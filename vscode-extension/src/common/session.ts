/** The running server: choosing how to launch it, starting, stopping and (debounced) restarting. */
import * as vscode from "vscode";
import {
  type BaseLanguageClient,
  CloseAction,
  type CloseHandlerResult,
  DocumentDiagnosticRequest,
  ExecuteCommandRequest,
  State,
} from "vscode-languageclient";
import type { Launch, OnClosed } from "./client";
import { Commands, INDEX_CHANGED } from "./constants";
import { CrashPolicy, crashText } from "./crashes";
import { debounce } from "./debounce";
import { hidingDuplicates, isSkillFile, shownInEditor, shownSkillFiles, vscodeMarkersKey } from "./duplicates";
import { affectsLaunch } from "./settings";

export type ServerState = "stopped" | "starting" | "running" | "failed";

/** Crashes in the current window; `gaveUp`: the last one stopped the restarts. */
export interface CrashInfo {
  count: number;
  gaveUp: boolean;
}

export const RESTART_DELAY_MS = 1000;

/** What differs between the runtimes a session can serve with (launch.ts on this machine,
 * web/extension.ts in VS Code for the Web). */
export interface SessionDeps {
  /** How to serve now; undefined when the server cannot start (the reason has been said). */
  resolveLaunch(extensionPath: string, output: vscode.LogOutputChannel): Promise<Launch | undefined>;
  createClient(launch: Launch, extensionPath: string, output: vscode.LogOutputChannel, onClosed: OnClosed): BaseLanguageClient;
  /** Calls `restart` when what the launch depends on changes (the Python extension's choice). */
  watchLaunch?(session: ServerSession, restart: () => void): Promise<vscode.Disposable | undefined>;
  now?: () => number;
}

export class ServerSession implements vscode.Disposable {
  state: ServerState = "stopped";
  launch: Launch | undefined;
  private client: BaseLanguageClient | undefined;
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
    private readonly deps: SessionDeps,
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
    void deps
      .watchLaunch?.(this, () => this.scheduleRestart())
      .then((subscription) => subscription && this.disposables.push(subscription));
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
    this.launch = await this.deps.resolveLaunch(this.extensionPath, this.output);
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
}

/** The language status item on SKILL.md files: server state, skills found, target clients. */
import * as vscode from "vscode";
import type { Launch } from "./client";
import { CLIENT_NAME, CONFIG_SECTION, Commands, MIN_PYTHON, ServerCommands, SKILL_SELECTOR } from "./constants";
import { crashText } from "./crashes";
import { debounce } from "./debounce";
import type { CrashInfo, ServerSession, ServerState } from "./session";
import { RESTRICTED_SETTINGS } from "./settingKeys.generated";
import { targetClients } from "./settings";

export interface StatusView {
  text: string;
  detail: string;
  severity: "information" | "warning" | "error";
  busy: boolean;
}

/** Said in Restricted Mode, so the user knows why the workspace's configuration does not apply. */
export const RESTRICTED_DETAIL = `Restricted Mode: this workspace's skill-ls configuration (.skill-ls.toml, pyproject.toml) and its values of ${RESTRICTED_SETTINGS.map((k) => `skillLs.${k}`).join(", ")} are ignored until you trust it.`;

/** What VS Code for the Web cannot give the server, said instead of guessed. */
export const WEB_DETAIL =
  "Served by the bundled WebAssembly Python in VS Code for the Web: only the workspace's files are read (a copy, kept in step). The agents' user folders (~/.claude/skills, ~/.codex/skills, ...) do not exist here, so skills installed there are not counted. The .gitignore, .ignore and .fdignore files count as on disk (a repository opened from GitHub holds only its committed files).";

/** Which runtime serves, in words (said while the server runs). */
export function servedBy(launch: Launch | undefined): string {
  if (!launch) return "";
  switch (launch.kind) {
    case "bundled":
      return `Served by Python (${launch.python.join(" ")}).`;
    case "wasm":
      return launch.why === "setting"
        ? "Served by the bundled WebAssembly Python (skillLs.runtime is webassembly)."
        : `Served by the bundled WebAssembly Python: no Python ${MIN_PYTHON.join(".")} or newer was found.`;
    case "web":
      return WEB_DETAIL;
    default:
      return `Served by ${launch.path}.`;
  }
}

/** What the item shows, as a pure function of what we know. */
export function statusView(
  state: ServerState,
  skills: number | undefined,
  clients: string[],
  crash?: CrashInfo,
  trusted = true,
  served = "",
): StatusView {
  const base = baseView(state, skills, clients, crash);
  const view = state === "running" && served ? { ...base, detail: `${base.detail}. ${served}` } : base;
  if (trusted) return view;
  return { ...view, text: `${view.text} (Restricted Mode)`, detail: `${RESTRICTED_DETAIL} ${view.detail}` };
}

function baseView(state: ServerState, skills: number | undefined, clients: string[], crash?: CrashInfo): StatusView {
  const targets = `Targets: ${clients.length ? clients.join(", ") : "every client"}`;
  if (crash?.gaveUp && state !== "running") {
    return { text: `${CLIENT_NAME}: crashed`, detail: crashText(crash.count, true), severity: "error", busy: false };
  }
  switch (state) {
    case "running":
      return {
        text: skills === undefined ? CLIENT_NAME : `${CLIENT_NAME}: ${skills} skill${skills === 1 ? "" : "s"}`,
        detail: crash ? `${crashText(crash.count, false)} ${targets}` : targets,
        severity: crash ? "warning" : "information",
        busy: false,
      };
    case "starting":
      return {
        text: `${CLIENT_NAME}: ${crash ? "restarting after a crash" : "starting"}`,
        detail: targets,
        severity: "information",
        busy: true,
      };
    case "failed":
      return {
        text: `${CLIENT_NAME}: not running`,
        detail: "The server could not start; see the logs.",
        severity: "error",
        busy: false,
      };
    default:
      return { text: `${CLIENT_NAME}: stopped`, detail: targets, severity: "warning", busy: false };
  }
}

const SEVERITY = {
  information: vscode.LanguageStatusSeverity.Information,
  warning: vscode.LanguageStatusSeverity.Warning,
  error: vscode.LanguageStatusSeverity.Error,
};

export class ServerStatus implements vscode.Disposable {
  private readonly item = vscode.languages.createLanguageStatusItem("skillLs.status", SKILL_SELECTOR);
  private skills: number | undefined;
  private readonly refreshSoon = debounce(() => void this.refresh(), 500);
  private readonly disposables: vscode.Disposable[] = [this.item];

  constructor(private readonly session: ServerSession) {
    this.item.name = CLIENT_NAME;
    this.item.command = { title: "Open logs", command: Commands.showOutput };
    const watcher = vscode.workspace.createFileSystemWatcher("**/SKILL.md");
    this.disposables.push(
      watcher,
      watcher.onDidCreate(() => this.refreshSoon()),
      watcher.onDidDelete(() => this.refreshSoon()),
      vscode.workspace.onDidSaveTextDocument(() => this.refreshSoon()),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(CONFIG_SECTION) && this.refreshSoon()),
      session.onDidChangeState((state) => (state === "running" ? this.refreshSoon() : this.render())),
      session.onIndexChanged(() => this.refreshSoon()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.render()),
    );
    this.render();
  }

  /** Asks the server how many skills it found. */
  async refresh(): Promise<void> {
    if (this.session.state === "running") {
      try {
        this.skills = (await this.session.request<{ skills: unknown[] }>(ServerCommands.listSkills, [])).skills.length;
      } catch {
        this.skills = undefined;
      }
    }
    this.render();
  }

  dispose(): void {
    this.refreshSoon.cancel();
    for (const d of this.disposables) d.dispose();
  }

  /** What the item shows now. */
  view: StatusView = statusView("stopped", undefined, []);

  private render(): void {
    const view = statusView(
      this.session.state,
      this.skills,
      targetClients(),
      this.session.crash,
      vscode.workspace.isTrusted,
      servedBy(this.session.launch),
    );
    this.view = view;
    this.item.text = view.text;
    this.item.detail = view.detail;
    this.item.severity = SEVERITY[view.severity];
    this.item.busy = view.busy;
  }
}

/** The preview panel beside the editor: the catalog or activation text a client would see. */
import * as vscode from "vscode";
import { ServerCommands } from "./constants";
import { debounce } from "./debounce";
import type { ActivationPreview, CatalogPreview, ClientInfo, PreviewMode, PreviewModel } from "./previewData";
import { renderPreviewHtml } from "./previewHtml";
import { targetClients } from "./settings";

export interface CommandRunner {
  request<T>(command: string, args: unknown[]): Promise<T>;
}

/** The preview re-renders this long after the last keystroke (a burst renders once). */
export const REFRESH_DELAY_MS = 200;
const CLIENT_KEY = "skillLs.previewClient";

export function isSkillFile(uri: vscode.Uri | undefined): uri is vscode.Uri {
  return !!uri && /(^|\/)SKILL\.md$/.test(uri.path);
}

export class PreviewPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private model: PreviewModel = { mode: "catalog", clients: [], client: "" };
  private skill: vscode.Uri | undefined;
  private generation = 0;
  /** What the panel shows now, for the test-only state dump. */
  lastHtml = "";
  readonly refreshSoon = debounce(() => void this.refresh(), REFRESH_DELAY_MS);
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly server: CommandRunner,
    private readonly state: vscode.Memento,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.disposables.push(
      vscode.workspace.onDidChangeTextDocument((e) => this.panel && isSkillFile(e.document.uri) && this.refreshSoon()),
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (this.panel && isSkillFile(editor?.document.uri) && editor.document.uri.toString() !== this.skill?.toString()) {
          this.skill = editor.document.uri;
          this.refreshSoon();
        }
      }),
    );
  }

  get current(): PreviewModel {
    return this.model;
  }

  /** Opens (or reveals) the panel for `skill`, else the SKILL.md in the active editor. */
  async show(mode: PreviewMode, skill?: vscode.Uri): Promise<void> {
    const active = vscode.window.activeTextEditor?.document.uri;
    if (isSkillFile(skill)) this.skill = skill;
    else if (isSkillFile(active)) this.skill = active;
    this.model = { ...this.model, mode };
    if (this.panel) this.panel.reveal(vscode.ViewColumn.Beside, true);
    else this.panel = this.createPanel();
    await this.loadClients();
    await this.refresh();
  }

  async refresh(): Promise<void> {
    if (!this.panel) return;
    const generation = ++this.generation;
    const model: PreviewModel = { ...this.model, skillPath: this.skill?.fsPath, result: undefined, error: undefined };
    try {
      if (model.mode === "activation" && !this.skill) throw new Error("Open a SKILL.md to preview its activation.");
      const target = this.skill?.toString() ?? vscode.workspace.workspaceFolders?.[0]?.uri.toString() ?? "";
      const command = model.mode === "catalog" ? ServerCommands.previewCatalog : ServerCommands.previewActivation;
      model.result = await this.server.request<CatalogPreview | ActivationPreview>(command, [target, model.client]);
    } catch (error) {
      model.error = error instanceof Error ? error.message : String(error);
      this.log.warn(`Preview: ${model.error}`);
    }
    if (generation !== this.generation || !this.panel) return; // a newer refresh won
    this.model = model;
    this.panel.title = model.mode === "catalog" ? "Skill Catalog" : "Skill Activation";
    this.lastHtml = renderPreviewHtml(model, this.panel.webview.cspSource, nonce());
    this.panel.webview.html = this.lastHtml;
  }

  dispose(): void {
    this.refreshSoon.cancel();
    this.panel?.dispose();
    for (const d of this.disposables) d.dispose();
  }

  private createPanel(): vscode.WebviewPanel {
    const panel = vscode.window.createWebviewPanel(
      "skillLs.preview",
      "Skill Preview",
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      {
        enableScripts: true,
        localResourceRoots: [],
      },
    );
    panel.onDidDispose(() => {
      this.panel = undefined;
      this.refreshSoon.cancel();
    });
    panel.webview.onDidReceiveMessage((message: { type?: string; client?: unknown; mode?: unknown }) => {
      if (message.type === "client" && typeof message.client === "string") {
        this.model = { ...this.model, client: message.client };
        void this.state.update(CLIENT_KEY, message.client);
      } else if (message.type === "mode" && (message.mode === "catalog" || message.mode === "activation")) {
        this.model = { ...this.model, mode: message.mode };
      } else return;
      void this.refresh();
    });
    return panel;
  }

  private async loadClients(): Promise<void> {
    let clients: ClientInfo[] = this.model.clients;
    let skillClients: string[] = [];
    try {
      clients = (await this.server.request<{ clients: ClientInfo[] }>(ServerCommands.listClients, [])).clients;
      const { skills } = await this.server.request<{ skills: SkillInfo[] }>(ServerCommands.listSkills, []);
      const here = this.skill && normalizePath(this.skill.fsPath);
      skillClients = skills.find((s) => here !== undefined && normalizePath(s.path) === here)?.clients ?? [];
    } catch (error) {
      this.log.warn(`Listing clients: ${error instanceof Error ? error.message : String(error)}`);
    }
    const picked = this.state.get<string>(CLIENT_KEY);
    const client =
      chooseClient(
        clients.map((c) => c.id),
        { picked, targets: targetClients(), skillClients },
      ) ?? this.model.client;
    this.model = { ...this.model, clients, client };
  }
}

interface SkillInfo {
  path: string;
  clients?: string[];
}

/** A skill's folder, whether given as the folder or its SKILL.md. */
function normalizePath(p: string): string {
  return p
    .replace(/\\/g, "/")
    .replace(/\/SKILL\.md$/i, "")
    .replace(/\/+$/, "");
}

/**
 * The client to preview for: the user's last pick, else a target client that loads this skill,
 * else any client that loads it, else the first target client, else the first client listed.
 */
export function chooseClient(
  ids: string[],
  { picked, targets, skillClients }: { picked?: string; targets: string[]; skillClients: string[] },
): string | undefined {
  const wanted = [picked, ...targets.filter((t) => skillClients.includes(t)), ...skillClients, ...targets, ids[0]];
  return wanted.find((id): id is string => !!id && ids.includes(id));
}

/** A fresh nonce for the preview's script policy (Web Crypto: on this machine and in a browser). */
function nonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

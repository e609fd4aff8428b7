/** The Skills view in the Explorer: the server's skills, by agent or by folder, refreshed when
 * the server says its index changed (skill-ls/indexChanged), never by polling. */
import * as vscode from "vscode";
import { Commands, ServerCommands } from "./constants";
import { type Grouping, type GroupNode, groupNodes, type SkillNode, type SkillsViewData } from "./skillsTree";
import { uriOfPath } from "./workspaceUris";

export const VIEW_ID = "skillLs.skills";
const GROUPING_KEY = "skillLs.skillsView.grouping";
const GROUPING_CONTEXT = "skillLs.skillsView.grouping";

type Node = GroupNode | SkillNode;

export interface SkillsSource {
  request<T>(command: string, args: unknown[]): Promise<T>;
  readonly onIndexChanged: vscode.Event<void>;
  readonly onDidChangeState: vscode.Event<string>;
}

export class SkillsView implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private data: SkillsViewData | undefined;
  private error: string | undefined;
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];
  grouping: Grouping;
  /** How many times the data was fetched (the test-only dump reports it). */
  loads = 0;
  /** The latest request sent: only its answer is shown (an older one may come back later). */
  private latest = 0;

  constructor(
    private readonly source: SkillsSource,
    private readonly state: vscode.Memento,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.grouping = state.get<Grouping>(GROUPING_KEY) === "folder" ? "folder" : "agent";
    void vscode.commands.executeCommand("setContext", GROUPING_CONTEXT, this.grouping);
    this.disposables.push(
      source.onIndexChanged(() => void this.reload()),
      source.onDidChangeState((state) => state === "running" && void this.reload()),
    );
  }

  /** The nodes the tree shows now (also what the test-only dump writes). */
  get nodes(): GroupNode[] {
    return this.data ? groupNodes(this.data, this.grouping) : [];
  }

  /**
   * Asks the server again. Requests overlap (the server starting, then its index changing; a
   * restarted server answers while the old one's last request is still failing), and their
   * answers can come back in any order: the data, the message and the error all follow the
   * answer to the latest request, so a stale empty answer never stays above a full tree.
   */
  async reload(): Promise<void> {
    const request = ++this.latest;
    let data: SkillsViewData | undefined;
    let error: string | undefined;
    try {
      data = await this.source.request<SkillsViewData>(ServerCommands.skillsView, []);
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
    }
    if (request !== this.latest) return; // a newer request is on its way: its answer counts
    if (error !== undefined) {
      this.error = error;
      this.log.warn(`Skills view: ${error}`);
    } else {
      this.data = data;
      this.error = undefined;
      this.loads++;
    }
    // The title buttons' context key, set again with each answer (a restarted window or server
    // never leaves the buttons without it).
    void vscode.commands.executeCommand("setContext", GROUPING_CONTEXT, this.grouping);
    this.changed.fire(undefined);
  }

  async toggleGrouping(): Promise<void> {
    this.grouping = this.grouping === "agent" ? "folder" : "agent";
    await this.state.update(GROUPING_KEY, this.grouping);
    await vscode.commands.executeCommand("setContext", GROUPING_CONTEXT, this.grouping);
    this.changed.fire(undefined);
  }

  getChildren(node?: Node): Node[] {
    if (!node) return this.nodes;
    return node.kind === "group" ? node.children : [];
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (node.kind === "group") {
      const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.Expanded);
      item.id = node.key;
      item.description = node.description;
      item.contextValue = "skillGroup";
      return item;
    }
    const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
    item.id = node.key;
    item.description = node.description;
    item.tooltip = node.tooltip;
    item.iconPath = new vscode.ThemeIcon(node.icon, node.color ? new vscode.ThemeColor(node.color) : undefined);
    item.resourceUri = uriOfPath(node.path);
    item.contextValue = "skill";
    item.command = { title: "Open", command: "vscode.open", arguments: [uriOfPath(node.path)] };
    return item;
  }

  /** The skill node the view shows with the same key as `node`, if any. */
  skillNode(node: unknown): SkillNode | undefined {
    if (!node || typeof node !== "object" || typeof (node as { key?: unknown }).key !== "string") return undefined;
    const key = (node as { key: string }).key;
    for (const group of this.nodes)
      for (const child of group.children) if (child.kind === "skill" && child.key === key) return child;
    return undefined;
  }

  /** Shown when the tree is empty: why. */
  get message(): string | undefined {
    if (this.error) return `Skill LS: ${this.error}`;
    return this.data && this.data.skills.length === 0 ? "No skills found in the workspace or your user folders." : undefined;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

/** Registers the view and its commands; `preview` opens a preview for a skill file. */
export function registerSkillsView(
  view: SkillsView,
  preview: (mode: "catalog" | "activation", skill: vscode.Uri) => Promise<void>,
): vscode.Disposable[] {
  const tree = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: view, showCollapseAll: true });
  // These commands can be run by anyone with any argument: only a skill the view shows counts,
  // by its path as the server listed it.
  const uriOf = (node: unknown) => {
    const known = view.skillNode(node);
    return known ? uriOfPath(known.path) : undefined;
  };
  return [
    tree,
    view.onDidChangeTreeData(() => (tree.message = view.message)),
    vscode.commands.registerCommand(Commands.skillsGroupByFolder, () => view.toggleGrouping()),
    vscode.commands.registerCommand(Commands.skillsGroupByAgent, () => view.toggleGrouping()),
    vscode.commands.registerCommand(Commands.skillsRefresh, () => view.reload()),
    vscode.commands.registerCommand(Commands.skillsPreviewCatalog, (node?: unknown) => {
      const uri = uriOf(node);
      return uri && preview("catalog", uri);
    }),
    vscode.commands.registerCommand(Commands.skillsPreviewActivation, (node?: unknown) => {
      const uri = uriOf(node);
      return uri && preview("activation", uri);
    }),
    vscode.commands.registerCommand(Commands.skillsReveal, (node?: unknown) => {
      const uri = uriOf(node);
      return uri && vscode.commands.executeCommand("revealInExplorer", uri);
    }),
  ];
}

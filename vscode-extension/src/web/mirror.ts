/**
 * The workspace copied into the server's Web Worker through `vscode.workspace.fs` (VS Code for the
 * Web has no file system the worker could read), then kept in step by a file watcher. What is
 * copied is mirrorPolicy's call; each change reaches the server as a watched-file event after its
 * bytes have reached the copy, so the server never reads a file older than the event.
 */
import * as vscode from "vscode";
import { MAX_DEPTH, MAX_ENTRIES, MAX_FILE_BYTES, MAX_TOTAL_BYTES, parentOf, SKIPPED_FOLDERS, wantsContent } from "./mirrorPolicy";
import type { MirrorChange, MirrorEntry, ToWorker } from "./protocol";

type Post = (message: ToWorker) => void;

/** What the first copy held, for the log. */
export interface MirrorStats {
  folders: number;
  files: number;
  bytes: number;
  /** Files copied empty though their contents count: linked, over MAX_FILE_BYTES or past
   * MAX_TOTAL_BYTES, or unreadable. */
  withoutContents: number;
  /** True when MAX_ENTRIES stopped the walk. */
  truncated: boolean;
}

const BATCH_BYTES = 4 * 1024 * 1024;
const BATCH_ENTRIES = 512;
const READS_AT_ONCE = 16;

export class WorkspaceMirror implements vscode.Disposable {
  private readonly skillFolders = new Set<string>();
  private readonly disposables: vscode.Disposable[] = [];
  private pending: MirrorEntry[] = [];
  private pendingBytes = 0;
  /** The bytes of every file read or being read (MAX_TOTAL_BYTES bounds them). */
  private reserved = 0;
  /** Changes seen while the first copy is made, replayed once it is whole (the copy may
   * have read a file before it changed). */
  private duringCopy: Map<string, { uri: vscode.Uri; type: 1 | 2 | 3 }> | undefined = new Map();
  readonly stats: MirrorStats = { folders: 0, files: 0, bytes: 0, withoutContents: 0, truncated: false };

  constructor(
    private readonly post: Post,
    private readonly folders: readonly vscode.Uri[],
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** Copies every folder, then says so to the worker. */
  async copy(): Promise<MirrorStats> {
    const files: vscode.Uri[] = [];
    for (const folder of this.folders) await this.list(folder, 0, files);
    await this.copyFiles(files);
    this.flush([], []);
    this.post({ kind: "mirrored" });
    const seen = [...(this.duringCopy?.values() ?? [])];
    this.duringCopy = undefined;
    for (const { uri, type } of seen) await this.event(uri, type);
    return this.stats;
  }

  /** From now on, what changes in the folders reaches the copy and then the server (called
   * before `copy`: what changes while it runs follows it). */
  watch(): void {
    for (const folder of this.folders) {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, "**"));
      this.disposables.push(
        watcher,
        watcher.onDidCreate((uri) => void this.event(uri, 1)),
        watcher.onDidChange((uri) => void this.event(uri, 2)),
        watcher.onDidDelete((uri) => void this.event(uri, 3)),
      );
    }
  }

  private async event(uri: vscode.Uri, type: 1 | 2 | 3): Promise<void> {
    if (this.duringCopy) {
      this.duringCopy.set(uri.toString(), { uri, type });
      return;
    }
    if (type === 3) this.flush([], [uri.path], [{ path: uri.path, type: 3 }]);
    else await this.changed(uri, type);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  private async changed(uri: vscode.Uri, type: 1 | 2): Promise<void> {
    if (uri.path.split("/").some((part) => SKIPPED_FOLDERS.has(part))) return;
    let stat: vscode.FileStat;
    try {
      stat = await vscode.workspace.fs.stat(uri);
    } catch {
      return; // gone again: its delete event follows
    }
    const files: vscode.Uri[] = [];
    if (stat.type & vscode.FileType.Directory) {
      this.pending.push({ path: uri.path, folder: true });
      await this.list(uri, 0, files);
    } else {
      files.push(uri);
      // A new skill: the files beside it now count (their contents are copied).
      if (uri.path.endsWith("/SKILL.md") && !this.skillFolders.has(parentOf(uri.path))) {
        this.skillFolders.add(parentOf(uri.path));
        await this.list(vscode.Uri.joinPath(uri, ".."), 0, files, false);
      }
    }
    await this.copyFiles(files);
    this.flush([], [], [{ path: uri.path, type }]);
  }

  /** Lists `folder` into the copy (folders now, files into `files`), depth first. */
  private async list(folder: vscode.Uri, depth: number, files: vscode.Uri[], folders = true): Promise<void> {
    if (depth > MAX_DEPTH) return;
    let entries: [string, vscode.FileType][];
    try {
      entries = await vscode.workspace.fs.readDirectory(folder);
    } catch (error) {
      this.log.warn(`Cannot list ${folder.toString()}: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (folders) {
      this.pending.push({ path: folder.path, folder: true });
      this.stats.folders++;
    }
    for (const [name, type] of entries) {
      if (this.stats.folders + this.stats.files + files.length >= MAX_ENTRIES) {
        this.stats.truncated = true;
        return;
      }
      const uri = vscode.Uri.joinPath(folder, name);
      // A linked folder is not followed (it may lead out of the workspace, or round in a loop).
      if (type & vscode.FileType.SymbolicLink && type & vscode.FileType.Directory) continue;
      if (type & vscode.FileType.Directory) {
        if (folders && !SKIPPED_FOLDERS.has(name)) await this.list(uri, depth + 1, files);
      } else if (type & vscode.FileType.File) {
        if (name === "SKILL.md") this.skillFolders.add(folder.path);
        files.push(uri);
      }
    }
  }

  private async copyFiles(files: vscode.Uri[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const uri = files[next++];
        this.add(uri.path, await this.contents(uri));
      }
    };
    await Promise.all(Array.from({ length: READS_AT_ONCE }, worker));
  }

  private async contents(uri: vscode.Uri): Promise<Uint8Array | undefined> {
    if (!wantsContent(uri.path, this.skillFolders)) return undefined;
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      // A linked file may lead out of the workspace: it is there, without what it leads to.
      // The copy's whole contents are bounded too (a repository can hold any number of files).
      const linked = (stat.type & vscode.FileType.SymbolicLink) !== 0;
      if (linked || stat.size > MAX_FILE_BYTES || this.reserved + stat.size > MAX_TOTAL_BYTES) {
        this.stats.withoutContents++;
        return undefined;
      }
      this.reserved += stat.size;
      return await vscode.workspace.fs.readFile(uri);
    } catch {
      this.stats.withoutContents++;
      return undefined;
    }
  }

  private add(path: string, data: Uint8Array | undefined): void {
    this.pending.push({ path, data });
    this.stats.files++;
    this.stats.bytes += data?.byteLength ?? 0;
    this.pendingBytes += data?.byteLength ?? 0;
    if (this.pending.length >= BATCH_ENTRIES || this.pendingBytes >= BATCH_BYTES) this.flush([], []);
  }

  private flush(entries: MirrorEntry[], removed: string[], changes: MirrorChange[] = []): void {
    const batch = [...this.pending, ...entries];
    this.pending = [];
    this.pendingBytes = 0;
    if (!batch.length && !removed.length && !changes.length) return;
    // Copied, not transferred: a file's bytes may be a view of a buffer shared with others.
    this.post({ kind: "files", entries: batch, removed, changes });
  }
}

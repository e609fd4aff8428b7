/** Where the WebAssembly server sees a folder of this machine (pure: unit-tested). */
import * as path from "node:path";
import { inPyodideTree } from "../common/pyodideFolders";

/**
 * The path inside Pyodide's file system at which a host folder is mounted: the path the
 * server computes from the folder's file: URI (pygls, Python's POSIX rules), so that the
 * paths in its answers turn back into the same URIs. On POSIX that is the path itself; a
 * Windows `C:\Users\me` becomes `/c:/Users/me`.
 */
export function mountPoint(hostPath: string, platform: NodeJS.Platform = process.platform): string {
  if (platform !== "win32") return path.posix.normalize(hostPath);
  const match = /^([A-Za-z]):[\\/]*(.*)$/.exec(hostPath);
  if (!match) return `/${hostPath.replace(/\\/g, "/")}`;
  const rest = match[2].replace(/\\/g, "/").replace(/\/+$/, "");
  return `/${match[1].toLowerCase()}:/${rest}`;
}

/** The host folder a file: URI names (undefined for any other scheme). */
export function folderOfUri(uri: string, platform: NodeJS.Platform = process.platform): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== "file:") return undefined;
  const decoded = decodeURIComponent(parsed.pathname);
  if (platform !== "win32") return decoded;
  const drive = /^\/([A-Za-z]):(\/.*)?$/.exec(decoded);
  return drive ? `${drive[1].toUpperCase()}:${(drive[2] ?? "/").replace(/\//g, "\\")}` : decoded;
}

export interface Mount {
  /** The folder on this machine. */
  host: string;
  /** Where the server sees it (mountPoint). */
  point: string;
}

/**
 * The folders still to mount, given those mounted: each one, less those inside a mounted
 * one or another given one (one mount serves them all). Pyodide's own folders are never
 * mounted over (a folder inside its /tmp or /home is: those stay Pyodide's around it).
 */
export function newMounts(
  mounted: readonly Mount[],
  folders: readonly string[],
  platform: NodeJS.Platform = process.platform,
): Mount[] {
  const wanted = folders.map((host) => ({ host, point: mountPoint(host, platform) })).filter((m) => !isReserved(m.point));
  wanted.sort((a, b) => a.point.length - b.point.length);
  const all = [...mounted];
  const added: Mount[] = [];
  for (const mount of wanted) {
    if (all.some((m) => within(mount.point, m.point))) continue;
    all.push(mount);
    added.push(mount);
  }
  return added;
}

function within(point: string, folder: string): boolean {
  return point === folder || point.startsWith(folder.endsWith("/") ? folder : `${folder}/`);
}

// Pyodide's own folders: the root, its temporary and home folders (a folder inside those may
// be mounted), and its standard library (/lib), devices and processes (nothing inside).
const RESERVED = ["/", "/tmp", "/home"];

function isReserved(point: string): boolean {
  return RESERVED.includes(point) || inPyodideTree(point);
}

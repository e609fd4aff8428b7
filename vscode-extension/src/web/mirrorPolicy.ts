/**
 * What of the workspace the Web Worker's copy holds (pure: unit-tested). Every folder and file is
 * there, so listings, existence and discovery are as on disk; contents only for the files the
 * server reads: every file in a skill's folder (its references, scripts and assets, whose sizes
 * count too), and anywhere the kinds it reads as configuration, manifests, instructions and ignore
 * files. Everything else is an empty file: on github.dev each read is a download.
 */

/** Folders never copied: the server does not look into them either. */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set([".git", "node_modules"]);

/** The deepest folder copied (the deepest any client looks, as the server's walk). */
export const MAX_DEPTH = 64;
/** At most this many folders and files are copied; the rest are said to be missing. */
export const MAX_ENTRIES = 200_000;
/** A file larger than this is copied empty (and counted). */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;
/** Past this many bytes of contents in all, files are copied empty (and counted). */
export const MAX_TOTAL_BYTES = 256 * 1024 * 1024;

const READ_ANYWHERE = /\.(md|markdown|json|jsonc|toml|ya?ml|txt)$/i;
const IGNORE_FILES: ReadonlySet<string> = new Set([".gitignore", ".ignore", ".fdignore"]);

/** The folder holding a path (`/a/b/c.md` → `/a/b`). */
export function parentOf(path: string): string {
  const at = path.lastIndexOf("/");
  return at <= 0 ? "/" : path.slice(0, at);
}

/** Whether a file's contents are copied, given the skill folders (those holding a SKILL.md). */
export function wantsContent(path: string, skillFolders: ReadonlySet<string>): boolean {
  const name = path.slice(path.lastIndexOf("/") + 1);
  if (READ_ANYWHERE.test(name) || IGNORE_FILES.has(name)) return true;
  for (let folder = parentOf(path); ; folder = parentOf(folder)) {
    if (skillFolders.has(folder)) return true;
    if (folder === "/") return false;
  }
}

/** Reading the `skillLs` settings: what starts the server, and what the server itself reads. */
import * as os from "os";
import * as vscode from "vscode";
import { CONFIG_SECTION, EXTENSION_ONLY_SETTINGS, LAUNCH_SETTINGS } from "./constants";

export interface LaunchSettings {
  /** Interpreter command and its arguments; empty means "find one". */
  interpreter: string[];
  /** A user-installed `skill-ls` executable, run as `<path> serve`. */
  serverPath: string | undefined;
}

type Inspectable = Pick<vscode.WorkspaceConfiguration, "get" | "inspect">;

/**
 * The launch settings. In an untrusted workspace a repository could point them at any program,
 * so only the user's own (global) values and the defaults count there.
 */
export function readLaunchSettings(
  config: Inspectable,
  trusted: boolean,
  vars: Variables = defaultVariables(),
): LaunchSettings {
  const pick = <T>(key: string): T | undefined => {
    if (trusted) return config.get<T>(key);
    const inspected = config.inspect<T>(key);
    return inspected?.globalValue ?? inspected?.defaultValue;
  };
  const interpreter = (pick<unknown>("interpreter") ?? []) as unknown[];
  const serverPath = pick<unknown>("server.path");
  return {
    interpreter: Array.isArray(interpreter)
      ? interpreter.filter((s): s is string => typeof s === "string" && s.trim() !== "").map((s) => substitute(s, vars))
      : [],
    serverPath: typeof serverPath === "string" && serverPath.trim() !== "" ? substitute(serverPath.trim(), vars) : undefined,
  };
}

export interface Variables {
  workspaceFolder?: string;
  userHome: string;
}

function defaultVariables(): Variables {
  return { workspaceFolder: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath, userHome: os.homedir() };
}

/** Expands `${workspaceFolder}`, `${userHome}` and a leading `~`, as VS Code users expect. */
export function substitute(value: string, vars: Variables): string {
  let out = value.replace(/^~(?=$|[\\/])/, vars.userHome).replace(/\$\{userHome\}/g, vars.userHome);
  if (vars.workspaceFolder !== undefined) out = out.replace(/\$\{workspaceFolder\}/g, vars.workspaceFolder);
  return out;
}

/** The settings the server reads: the `skillLs` section minus the keys only the extension uses. */
export function toServerSettings(section: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (section === null || typeof section !== "object") return out;
  for (const [key, value] of Object.entries(section)) {
    if (!EXTENSION_ONLY_SETTINGS.includes(key.split(".")[0])) out[key] = value;
  }
  return out;
}

/** The server's settings for a resource (or the workspace), as plain JSON. */
export function readServerSettings(scope?: vscode.Uri): Record<string, unknown> {
  const config = vscode.workspace.getConfiguration(CONFIG_SECTION, scope ?? null);
  return toServerSettings(JSON.parse(JSON.stringify(config)));
}

export function affectsLaunch(event: vscode.ConfigurationChangeEvent): boolean {
  return LAUNCH_SETTINGS.some((key) => event.affectsConfiguration(key));
}

export function targetClients(): string[] {
  const value = vscode.workspace.getConfiguration(CONFIG_SECTION).get<unknown>("targetClients");
  return Array.isArray(value) ? value.filter((c): c is string => typeof c === "string") : [];
}

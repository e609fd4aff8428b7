/** Reading the `skillLs` settings: what starts the server, and what the server itself reads. */
import * as vscode from "vscode";
import { CONFIG_SECTION, EXTENSION_ONLY_SETTINGS, LAUNCH_SETTINGS } from "./constants";
import { RESTRICTED_SETTINGS, SETTING_KEYS } from "./settingKeys.generated";

export type Runtime = "auto" | "python" | "webassembly";
const RUNTIMES: readonly string[] = ["auto", "python", "webassembly"];

export interface LaunchSettings {
  /** Interpreter command and its arguments; empty means "find one". */
  interpreter: string[];
  /** A user-installed `skill-ls` executable, run as `<path> serve`. */
  serverPath: string | undefined;
  /** What runs the bundled server: a Python if found (auto), only a Python, or always the
   * bundled WebAssembly Python. */
  runtime: Runtime;
  /** Keys whose (user) value was not used because it names a program in the untrusted workspace. */
  ignored: string[];
}

type Inspectable = Pick<vscode.WorkspaceConfiguration, "get" | "inspect">;

const WORKSPACE_FOLDER = /\$\{workspaceFolder\}/;

/**
 * The launch settings. In an untrusted workspace a repository could point them at any program,
 * so only the user's own (global) values and the defaults count there, and not even those when
 * they name a program inside the workspace (`${workspaceFolder}/.venv/bin/python`).
 */
export function readLaunchSettings(config: Inspectable, trusted: boolean, vars: Variables): LaunchSettings {
  const ignored: string[] = [];
  const pick = <T>(key: string): T | undefined => {
    if (trusted || !isRestricted(key)) return config.get<T>(key);
    const inspected = config.inspect<T>(key);
    const value = inspected?.globalValue ?? inspected?.defaultValue;
    if (!WORKSPACE_FOLDER.test(JSON.stringify(value) ?? "")) return value;
    ignored.push(key);
    return undefined;
  };
  const interpreter = (pick<unknown>("interpreter") ?? []) as unknown[];
  const serverPath = pick<unknown>("server.path");
  const runtime = pick<unknown>("runtime");
  return {
    runtime: typeof runtime === "string" && RUNTIMES.includes(runtime) ? (runtime as Runtime) : "auto",
    interpreter: Array.isArray(interpreter)
      ? interpreter.filter((s): s is string => typeof s === "string" && s.trim() !== "").map((s) => substitute(s, vars))
      : [],
    serverPath: typeof serverPath === "string" && serverPath.trim() !== "" ? substitute(serverPath.trim(), vars) : undefined,
    ignored,
  };
}

export interface Variables {
  workspaceFolder?: string;
  userHome: string;
}

/** Expands `${workspaceFolder}`, `${userHome}` and a leading `~`, as VS Code users expect. */
export function substitute(value: string, vars: Variables): string {
  let out = value.replace(/^~(?=$|[\\/])/, vars.userHome).replace(/\$\{userHome\}/g, vars.userHome);
  if (vars.workspaceFolder !== undefined) out = out.replace(/\$\{workspaceFolder\}/g, vars.workspaceFolder);
  return out;
}

/** What `WorkspaceConfiguration.inspect` says about one key (the parts we read). */
export interface Inspected<T = unknown> {
  defaultValue?: T;
  globalValue?: T;
  workspaceValue?: T;
  workspaceFolderValue?: T;
}

export function isExtensionOnly(key: string): boolean {
  return EXTENSION_ONLY_SETTINGS.includes(key.split(".")[0]);
}

export function isRestricted(key: string): boolean {
  return RESTRICTED_SETTINGS.includes(key);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The value the user set for a key, never its default: the most specific of the folder's, the
 * workspace's and the user's own values (objects, such as `rules`, merged over each other the
 * way VS Code merges them). In an untrusted workspace a restricted key takes the user's own
 * value only (the repository wrote the others).
 */
export function userValue<T>(inspected: Inspected<T> | undefined, restricted: boolean, trusted: boolean): T | undefined {
  if (!inspected) return undefined;
  const layers =
    trusted || !restricted
      ? [inspected.globalValue, inspected.workspaceValue, inspected.workspaceFolderValue]
      : [inspected.globalValue];
  const set = layers.filter((value): value is T => value !== undefined);
  const last = set.at(-1);
  if (!isPlainObject(last)) return last;
  return Object.assign({}, ...set.filter(isPlainObject)) as T;
}

/**
 * The server's settings for a resource (or the workspace), as plain JSON: only the keys of the
 * schema the user set (a default sent here would override the folder's .skill-ls.toml), minus
 * the keys only the extension reads; in an untrusted workspace, without the workspace's values
 * of the restricted keys.
 */
export function readServerSettings(scope?: vscode.Uri, trusted: boolean = vscode.workspace.isTrusted): Record<string, unknown> {
  const config = vscode.workspace.getConfiguration(CONFIG_SECTION, scope ?? null);
  const out: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) {
    if (isExtensionOnly(key)) continue;
    const value = userValue(config.inspect(key), isRestricted(key), trusted);
    if (value !== undefined) out[key] = JSON.parse(JSON.stringify(value));
  }
  return out;
}

/**
 * initializationOptions: the settings the user set, and whether the workspace is trusted (the
 * server then ignores the folders' own configuration files when it is not).
 */
export function initializationOptions(trusted: boolean = vscode.workspace.isTrusted): {
  skillLs: Record<string, unknown>;
  workspaceTrusted: boolean;
} {
  return { skillLs: readServerSettings(undefined, trusted), workspaceTrusted: trusted };
}

export function affectsLaunch(event: vscode.ConfigurationChangeEvent): boolean {
  return LAUNCH_SETTINGS.some((key) => event.affectsConfiguration(key));
}

export function targetClients(): string[] {
  const value = vscode.workspace.getConfiguration(CONFIG_SECTION).get<unknown>("targetClients");
  return Array.isArray(value) ? value.filter((c): c is string => typeof c === "string") : [];
}

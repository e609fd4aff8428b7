/** The language client's options, middleware and features, the same whichever runtime serves
 * (a process on this machine, or a Web Worker in VS Code for the Web). */
import type { Diagnostic, LogOutputChannel } from "vscode";
import * as vscode from "vscode";
import {
  type BaseLanguageClient,
  type ClientCapabilities,
  type CloseHandlerResult,
  DidChangeConfigurationNotification,
  type DocumentSelector,
  ErrorAction,
  type ErrorHandler,
  ExecuteCommandRequest,
  type LanguageClientOptions,
  type Middleware,
  RevealOutputChannelOn,
  type StaticFeature,
} from "vscode-languageclient";
import { CONFIG_SECTION, DOCUMENT_SELECTOR, ServerCommands } from "./constants";
import { type DuplicateTable, hidingDuplicates, keepFinding, shownInEditor, vscodeMarkers, vscodeMarkersKey } from "./duplicates";
import { initializationOptions, readServerSettings } from "./settings";
import { workspaceSchemes } from "./workspaceUris";

/** The bundled server under a Python interpreter or under the bundled WebAssembly Python, or a
 * `skill-ls` executable the user installed; in VS Code for the Web, the WebAssembly Python in a
 * Web Worker. `why`: the reason the WebAssembly Python serves. */
export type Launch =
  | { kind: "bundled"; python: string[] }
  | { kind: "wasm"; why: "setting" | "no-python" }
  | { kind: "executable"; path: string }
  | { kind: "web" };

/** A launch on this machine: a process the language client starts. */
export type LocalLaunch = Exclude<Launch, { kind: "web" }>;

/** Our findings that repeat VS Code's own checks, dropped on their way in. */
export type DuplicateSource = () => Promise<DuplicateTable | undefined>;

/** The schemes a link from the server may open: the Problems panel opens a code's link with
 * commands allowed, so a `command:` link there runs a VS Code command in one click. The
 * workspace folders' own schemes count too (VS Code for the Web: `vscode-vfs:` on github.dev). */
export const SAFE_LINK_SCHEMES: readonly string[] = ["https", "file"];

const isSafeLink = (target: vscode.Uri | undefined) =>
  target === undefined || SAFE_LINK_SCHEMES.includes(target.scheme) || workspaceSchemes().includes(target.scheme);

/** A diagnostic whose code links anywhere but https: or file: keeps its code, without the link. */
export function withSafeCodeLinks(items: Diagnostic[]): Diagnostic[] {
  for (const d of items) if (typeof d.code === "object" && !isSafeLink(d.code.target)) d.code = d.code.value;
  return items;
}

/**
 * Every finding's code link is made safe (withSafeCodeLinks), whatever the server sent.
 * Then our findings that VS Code's own markers on the document repeat are dropped (with `table`).
 * VS Code checks a SKILL.md only while a code editor shows it (its markers go when the editor
 * does), so only the findings of shown documents are filtered; a document whose state changed
 * (shown or not, VS Code's markers on it) is pulled without its previous result id, so that it
 * comes back whole and is filtered anew. Workspace reports are about documents no editor shows:
 * they pass with their links made safe only.
 */
export function diagnosticsMiddleware(table?: DuplicateSource): Middleware {
  let loaded: DuplicateTable | undefined;
  const filteredLast = new Map<string, string>();
  const keep = (items: Diagnostic[], t: DuplicateTable | undefined, uri: vscode.Uri) => {
    if (!t) return items;
    const markers = vscodeMarkers(uri);
    return items.filter((d) => keepFinding(t, d, markers));
  };
  return {
    provideDiagnostics: async (document, previousResultId, token, next) => {
      const uri = "uri" in document ? document.uri : document;
      const hide = !!table && hidingDuplicates() && shownInEditor(uri);
      const key = uri.toString();
      const state = hide ? `hidden beside\n${vscodeMarkersKey(uri)}` : "whole";
      const since = filteredLast.get(key) === state ? previousResultId : undefined;
      filteredLast.set(key, state);
      const report = await next(document, since, token);
      if (report?.kind !== "full") return report;
      withSafeCodeLinks(report.items);
      if (!hide || !table) return report;
      loaded = await table();
      return { ...report, items: keep(report.items, loaded, uri) };
    },
    provideWorkspaceDiagnostics: async (resultIds, token, resultReporter, next) =>
      next(resultIds, token, (chunk) => {
        for (const item of chunk?.items ?? []) if (item.kind === "full") withSafeCodeLinks(item.items);
        resultReporter(chunk);
      }),
    handleDiagnostics: (uri, diagnostics, next) =>
      next(
        uri,
        withSafeCodeLinks(table && hidingDuplicates() && shownInEditor(uri) ? keep(diagnostics, loaded, uri) : diagnostics),
      ),
    provideDocumentLinks: async (document, token, next) =>
      (await next(document, token))?.filter((link) => isSafeLink(link.target)),
  };
}

/**
 * The server reads the `skillLs` settings the user set, nothing more (readServerSettings), in
 * its workspace/configuration answers and in didChangeConfiguration pushes alike: no defaults
 * (they would override the folder's .skill-ls.toml), no extension-only keys, and in an
 * untrusted workspace no workspace values of the restricted keys.
 */
export function settingsMiddleware(notify: (settings: unknown) => Promise<void>): Middleware {
  return {
    workspace: {
      configuration: async (params, token, next) => {
        const result = await next(params, token);
        if (!Array.isArray(result)) return result;
        return result.map((value, i) => {
          const item = params.items[i];
          if (item?.section !== CONFIG_SECTION) return value;
          return readServerSettings(item.scopeUri ? vscode.Uri.parse(item.scopeUri) : undefined);
        });
      },
      didChangeConfiguration: async () => notify({ [CONFIG_SECTION]: readServerSettings() }),
    },
  };
}

/** What happens when the connection to the server closes on its own (the process died). */
export type OnClosed = () => CloseHandlerResult;

/** Errors on the connection are survivable; a closed connection is the session's call. */
export function errorHandler(onClosed: OnClosed): ErrorHandler {
  return { error: () => ({ action: ErrorAction.Continue, handled: true }), closed: onClosed };
}

/** Tells the server we handle skill-ls/indexChanged (it sends it to no other client). */
export const indexChangedFeature: StaticFeature = {
  fillClientCapabilities(capabilities: ClientCapabilities) {
    const experimental = (capabilities.experimental ?? {}) as Record<string, unknown>;
    capabilities.experimental = { ...experimental, skillLs: { indexChanged: true } };
  },
  initialize() {},
  getState: () => ({ kind: "static" }),
  clear() {},
};

export function clientOptions(
  outputChannel: LogOutputChannel,
  notify: (settings: unknown) => Promise<void>,
  onClosed?: OnClosed,
  duplicates?: DuplicateSource,
  documentSelector: DocumentSelector = DOCUMENT_SELECTOR,
): LanguageClientOptions {
  return {
    ...(onClosed ? { errorHandler: errorHandler(onClosed) } : {}),
    documentSelector,
    outputChannel,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    synchronize: { configurationSection: CONFIG_SECTION },
    initializationOptions: initializationOptions(),
    middleware: { ...settingsMiddleware(notify), ...diagnosticsMiddleware(duplicates) },
  };
}

/**
 * A language client with our options and features, made by `make` (the runtime's own
 * LanguageClient class). Settings are pushed through it, and VS Code's duplicates table is
 * asked for once per server, when the first findings arrive.
 */
export function buildClient<C extends BaseLanguageClient>(
  make: (options: LanguageClientOptions) => C,
  outputChannel: LogOutputChannel,
  onClosed?: OnClosed,
  documentSelector?: DocumentSelector,
): C {
  const notify = (settings: unknown): Promise<void> =>
    client.sendNotification(DidChangeConfigurationNotification.type, { settings });
  let table: Promise<DuplicateTable | undefined> | undefined;
  const duplicates: DuplicateSource = () =>
    (table ??= client.sendRequest(ExecuteCommandRequest.type, { command: ServerCommands.vscodeDuplicates, arguments: [] }).then(
      (t) => t as DuplicateTable,
      () => undefined,
    ));
  const client = make(clientOptions(outputChannel, notify, onClosed, duplicates, documentSelector));
  client.registerFeature(indexChangedFeature);
  return client;
}

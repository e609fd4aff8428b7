// Small stand-ins for `vscode` and `vscode-languageclient` (its common API and `/node`), installed with Module._load so
// the modules compiled into out/test/ (which keep both imports external) load under plain Node.
// Stubbing languageclient too matters: the real one subclasses vscode classes at import time.
"use strict";
const Module = require("node:module");
const path = require("node:path");

class EventEmitter {
  constructor() {
    this.listeners = [];
    this.event = (listener) => {
      this.listeners.push(listener);
      return { dispose: () => (this.listeners = this.listeners.filter((l) => l !== listener)) };
    };
  }
  fire(value) {
    for (const l of [...this.listeners]) l(value);
  }
  dispose() {
    this.listeners = [];
  }
}

class Uri {
  constructor(scheme, fsPath) {
    this.scheme = scheme;
    this.fsPath = fsPath;
    this.path = fsPath;
  }
  static file(p) {
    return new Uri("file", p);
  }
  static parse(s) {
    return new Uri(s.split(":")[0], s.replace(/^file:\/\//, ""));
  }
  toString() {
    return `${this.scheme}://${this.fsPath}`;
  }
}

/** A fresh fake world; tests reach into `world` to set settings and read what was recorded. */
function createWorld() {
  const world = {
    settings: {}, // key (without "skillLs.") -> { value, globalValue, workspaceValue, defaultValue }
    trusted: true,
    workspaceFolders: [{ uri: Uri.file("/ws"), name: "ws", index: 0 }],
    commands: new Map(),
    executed: [],
    errors: [],
    panels: [],
    statusItems: [],
    treeViews: [],
    clients: [],
    extensions: {},
    diagnostics: [],
    /** Diagnostics of other owners (VS Code's own markers) by document URI string. */
    markers: {},
    activeTextEditor: undefined,
    visibleTextEditors: [],
    events: {
      configuration: new EventEmitter(),
      trust: new EventEmitter(),
      textChange: new EventEmitter(),
      save: new EventEmitter(),
      activeEditor: new EventEmitter(),
      visibleEditors: new EventEmitter(),
      diagnostics: new EventEmitter(),
    },
    /** Answers to workspace/executeCommand by command id (value or function of arguments). */
    serverAnswers: {},
  };

  const config = (section) => {
    const prefix = section ? `${section}.` : "";
    const lookup = (key) => world.settings[`${prefix}${key}`.replace(/^skillLs\./, "")] ?? {};
    const effective = (s) =>
      world.trusted || !s.restricted ? (s.workspaceValue ?? s.globalValue ?? s.defaultValue) : (s.globalValue ?? s.defaultValue);
    const obj = {
      get: (key, fallback) => effective(lookup(key)) ?? fallback,
      inspect: (key) => ({ key, ...lookup(key) }),
      has: (key) => effective(lookup(key)) !== undefined,
      update: async () => {},
    };
    // Like VS Code: the values are also plain properties (nested on dots), for JSON.stringify.
    for (const [full, s] of Object.entries(world.settings)) {
      const parts = full.split(".");
      let target = obj;
      for (const p of parts.slice(0, -1)) target = target[p] ??= {};
      target[parts.at(-1)] = effective(s);
    }
    return obj;
  };

  const vscode = {
    EventEmitter,
    Uri,
    ViewColumn: { Active: -1, Beside: -2, One: 1 },
    LanguageStatusSeverity: { Information: 0, Warning: 1, Error: 2 },
    TreeItemCollapsibleState: { None: 0, Collapsed: 1, Expanded: 2 },
    TreeItem: class {
      constructor(label, collapsibleState) {
        Object.assign(this, { label, collapsibleState });
      }
    },
    ThemeIcon: class {
      constructor(id, color) {
        Object.assign(this, { id, color });
      }
    },
    ThemeColor: class {
      constructor(id) {
        this.id = id;
      }
    },
    Disposable: class {
      constructor(fn) {
        this.dispose = fn;
      }
    },
    workspace: {
      get isTrusted() {
        return world.trusted;
      },
      get workspaceFolders() {
        return world.workspaceFolders;
      },
      getConfiguration: (section) => config(section),
      onDidChangeConfiguration: world.events.configuration.event,
      onDidGrantWorkspaceTrust: world.events.trust.event,
      onDidChangeTextDocument: world.events.textChange.event,
      onDidSaveTextDocument: world.events.save.event,
      createFileSystemWatcher: () => ({
        onDidCreate: () => ({ dispose() {} }),
        onDidDelete: () => ({ dispose() {} }),
        dispose() {},
      }),
    },
    window: {
      get activeTextEditor() {
        return world.activeTextEditor;
      },
      onDidChangeActiveTextEditor: world.events.activeEditor.event,
      get visibleTextEditors() {
        return world.visibleTextEditors;
      },
      onDidChangeVisibleTextEditors: world.events.visibleEditors.event,
      createOutputChannel: (name, options) => {
        const lines = [];
        const log = (level) => (m) => lines.push(`[${level}] ${m}`);
        return {
          name,
          options,
          lines,
          info: log("info"),
          warn: log("warn"),
          error: log("error"),
          trace: log("trace"),
          debug: log("debug"),
          show() {},
          dispose() {},
        };
      },
      showErrorMessage: (message, ...items) => {
        world.errors.push({ message, items });
        return Promise.resolve(undefined);
      },
      createTreeView: (id, options) => {
        const view = { id, options, message: undefined, dispose() {} };
        world.treeViews.push(view);
        return view;
      },
      createWebviewPanel: (viewType, title, showOptions, options) => {
        const received = new EventEmitter();
        const disposed = new EventEmitter();
        const panel = {
          viewType,
          title,
          showOptions,
          options,
          htmlHistory: [],
          webview: {
            cspSource: "vscode-webview-resource:",
            set html(value) {
              panel.htmlHistory.push(value);
            },
            get html() {
              return panel.htmlHistory.at(-1);
            },
            onDidReceiveMessage: received.event,
          },
          reveal() {},
          onDidDispose: disposed.event,
          dispose: () => disposed.fire(),
          postFromWebview: (message) => received.fire(message),
        };
        world.panels.push(panel);
        return panel;
      },
    },
    languages: {
      createLanguageStatusItem: (id, selector) => {
        const item = { id, selector, dispose() {} };
        world.statusItems.push(item);
        return item;
      },
      getDiagnostics: (uri) => (uri ? (world.markers[uri.toString()] ?? []) : world.diagnostics),
      onDidChangeDiagnostics: world.events.diagnostics.event,
    },
    commands: {
      registerCommand: (id, fn) => {
        if (world.commands.has(id)) throw new Error(`command '${id}' already exists`);
        world.commands.set(id, fn);
        return { dispose: () => world.commands.delete(id) };
      },
      executeCommand: async (id, ...args) => {
        world.executed.push([id, ...args]);
      },
    },
    extensions: {
      getExtension: (id) => world.extensions[id],
    },
  };

  const State = { Stopped: 1, Starting: 3, Running: 2 };
  const CloseAction = { DoNotRestart: 1, Restart: 2 };
  const ErrorAction = { Continue: 1, Shutdown: 2 };
  class LanguageClient {
    constructor(id, name, serverOptions, clientOptions) {
      Object.assign(this, { id, name, serverOptions, clientOptions });
      this.requests = [];
      this.notifications = [];
      this.stateEvents = new EventEmitter();
      this.notificationHandlers = new Map();
      this.features = [];
      this.started = false;
      this.stopped = false;
      world.clients.push(this);
    }
    onDidChangeState(listener) {
      return this.stateEvents.event(listener);
    }
    onNotification(method, handler) {
      this.notificationHandlers.set(method, handler);
      return { dispose: () => this.notificationHandlers.delete(method) };
    }
    registerFeature(feature) {
      this.features.push(feature);
    }
    getFeature(method) {
      if (method !== "textDocument/diagnostic") return undefined;
      return { refresh: () => (this.diagnosticRefreshes = (this.diagnosticRefreshes ?? 0) + 1) };
    }
    /** The server sends a notification (tests call this). */
    notifyFromServer(method, params) {
      this.notificationHandlers.get(method)?.(params);
    }
    /** The connection closed on its own (tests call this): what the error handler decides. */
    async crash() {
      const result = await this.clientOptions.errorHandler.closed();
      const restart = result.action === CloseAction.Restart;
      this.stateEvents.fire({ oldState: State.Running, newState: restart ? State.Starting : State.Stopped });
      if (restart) this.stateEvents.fire({ oldState: State.Starting, newState: State.Running });
      return result;
    }
    async start() {
      if (world.failStart) throw new Error(world.failStart);
      this.started = true;
      this.stateEvents.fire({ oldState: State.Starting, newState: State.Running });
    }
    async stop() {
      this.stopped = true;
    }
    async dispose() {
      this.disposed = true;
    }
    async sendRequest(type, params) {
      this.requests.push([type.method, params]);
      const answer = world.serverAnswers[params.command];
      if (answer instanceof Error) throw answer;
      return typeof answer === "function" ? answer(...params.arguments) : answer;
    }
    async sendNotification(type, params) {
      this.notifications.push([type.method, params]);
    }
  }
  const languageclient = {
    LanguageClient,
    State,
    CloseAction,
    ErrorAction,
    RevealOutputChannelOn: { Debug: 0, Info: 1, Warn: 2, Error: 3, Never: 4 },
    TransportKind: { stdio: 0, ipc: 1, pipe: 2, socket: 3 },
    ExecuteCommandRequest: { type: { method: "workspace/executeCommand" } },
    DocumentDiagnosticRequest: { method: "textDocument/diagnostic" },
    DidChangeConfigurationNotification: { type: { method: "workspace/didChangeConfiguration" } },
  };
  world.vscode = vscode;
  world.languageclient = languageclient;
  return world;
}

let current = createWorld();
const originalLoad = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === "vscode") return current.vscode;
  // The shared modules import the client's common API, the node ones its node entry.
  if (request === "vscode-languageclient" || request === "vscode-languageclient/node") return current.languageclient;
  return originalLoad.call(this, request, parent, isMain);
};

const outDir = path.join(__dirname, "..", "out", "test");

/**
 * A fresh world and freshly loaded modules: each test sees its own stubs.
 * `load("common/server")` returns out/test/common/server.js.
 */
function fresh() {
  current = createWorld();
  for (const key of Object.keys(require.cache)) if (key.startsWith(outDir)) delete require.cache[key];
  const load = (name) => require(path.join(outDir, `${name}.js`));
  return { world: current, load };
}

/** Lets pending promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

module.exports = { fresh, settle, Uri };

/** Ids and names shared by the extension's modules. The server's own command ids live in
 * ServerCommands: the language client registers those itself, so we never do. */
import { INSTRUCTION_PATTERNS, MANIFEST_PATTERNS, ROOT_MARKDOWN_PATTERNS } from "./manifestPatterns.generated";

export const CLIENT_ID = "skillLs";
export const CLIENT_NAME = "Skill LS";
export const CONFIG_SECTION = "skillLs";

/** SKILL.md files: recent VS Code builds give them the language `skill` (and so do we, for older
 * builds); the file pattern still matches when another extension claims the file. */
export const SKILL_SELECTOR = [{ language: "skill" }, { scheme: "file", pattern: "**/SKILL.md" }];

/**
 * Every document the server checks, in files of `schemes` (VS Code for the Web names the
 * workspace's files by its own schemes): SKILL.md files; plugin, extension and marketplace
 * manifests and skills' `agents/openai.yaml`, by path only, so they keep VS Code's own language
 * (`json`, `jsonc`, `yaml`; the patterns come from the client table and the sidecar's field table,
 * see manifestPatterns.generated.ts); CLAUDE.md, AGENTS.md and command files, by path only, so
 * they stay Markdown for every other extension (the server gives them their skill mentions'
 * findings and nothing else); the `*.md` files directly in a skill root of an agent that loads
 * them as skills (Kimi Code CLI, pi), by path only too.
 */
export function documentSelector(schemes: readonly string[] = ["file"]) {
  const byPath = (patterns: readonly string[]) => schemes.flatMap((scheme) => patterns.map((pattern) => ({ scheme, pattern })));
  return [
    { language: "skill" },
    ...byPath(["**/SKILL.md"]),
    ...byPath(ROOT_MARKDOWN_PATTERNS),
    ...byPath(MANIFEST_PATTERNS),
    ...byPath(INSTRUCTION_PATTERNS),
  ];
}

export const DOCUMENT_SELECTOR = documentSelector();

/** Whether a file path is one of the manifests (each pattern is `**` + `/` + a relative path). */
export function isManifestPath(path: string): boolean {
  return MANIFEST_PATTERNS.some((pattern) => path.endsWith(pattern.slice("**".length)));
}

/** Whether a file path is one an agent reads as instructions (by its last segments, as the
 * generated patterns name them: `**` + `/` + a relative path, its own `**` for any folders). */
export function isInstructionPath(path: string): boolean {
  return INSTRUCTION_PATTERNS.some((pattern) => {
    const [head, tail] = pattern.slice("**/".length).split("/**/");
    if (tail === undefined) return path.endsWith(`/${head}`);
    const at = path.indexOf(`/${head}/`);
    return at >= 0 && path.endsWith(tail.slice("*".length));
  });
}

export const Commands = {
  showCatalogPreview: "skillLs.showCatalogPreview",
  showActivationPreview: "skillLs.showActivationPreview",
  restartServer: "skillLs.restartServer",
  showOutput: "skillLs.showOutput",
  testDumpState: "skillLs.test.dumpState",
  skillsGroupByFolder: "skillLs.skills.groupByFolder",
  skillsGroupByAgent: "skillLs.skills.groupByAgent",
  skillsRefresh: "skillLs.skills.refresh",
  skillsPreviewCatalog: "skillLs.skills.previewCatalog",
  skillsPreviewActivation: "skillLs.skills.previewActivation",
  skillsReveal: "skillLs.skills.revealInExplorer",
} as const;

export const ServerCommands = {
  previewCatalog: "skill-ls.previewCatalog",
  previewActivation: "skill-ls.previewActivation",
  listSkills: "skill-ls.listSkills",
  listClients: "skill-ls.listClients",
  skillsView: "skill-ls.skillsView",
  vscodeDuplicates: "skill-ls.vscodeDuplicates",
} as const;

/** The server's notification that its skill index changed (sent to clients that declare
 * `experimental.skillLs.indexChanged`). */
export const INDEX_CHANGED = "skill-ls/indexChanged";

/** Keys of the `skillLs` section that only the extension reads; the server never sees them. */
export const EXTENSION_ONLY_SETTINGS = ["interpreter", "runtime", "server", "trace", "showDuplicates"];

/** Settings whose change needs a new server process rather than a configuration push
 * (showDuplicates: the diagnostics already shown are filtered again by a fresh server;
 * agentVersions: the server builds its table of agents once, when it starts). */
export const LAUNCH_SETTINGS = [
  "skillLs.interpreter",
  "skillLs.runtime",
  "skillLs.server.path",
  "skillLs.showDuplicates",
  "skillLs.agentVersions",
];

export const MIN_PYTHON: readonly [number, number] = [3, 11];

/** Environment variable naming the JSON file the test-only dump command writes. */
export const TEST_DUMP_ENV = "SKILL_LS_TEST_DUMP";

/**
 * The skills view's nodes as a pure function of the server's `skill-ls.skillsView` answer: the
 * server decides every status, reason and grouping; this only picks an icon per status and
 * joins the server's sentences into labels and tooltips.
 */

export type Grouping = "agent" | "folder";

export interface ViewSkill {
  id: number;
  name: string;
  description: string | null;
  path: string;
  folder: string;
  scope: string;
  builtin: boolean;
  status: string;
  summary: string;
  provenance: string;
  /** The skill's folder as a person reads it (`.claude/skills/pdf`). */
  location: string;
  otherPaths: string[];
}

export interface ViewItem {
  skill: number;
  status: string;
  /** The status in a few words ("loaded, hidden from the model"). */
  statusText: string;
  /** The verdict as a sentence: one agent's (by agent) or all target agents' (by folder). */
  detail: string;
}

export interface ViewGroup {
  id?: string;
  label: string;
  scope?: string;
  items: ViewItem[];
}

export interface SkillsViewData {
  skills: ViewSkill[];
  byAgent: ViewGroup[];
  byFolder: ViewGroup[];
}

export interface SkillNode {
  kind: "skill";
  key: string;
  label: string;
  description: string;
  icon: string;
  /** A theme colour id for the icon, so statuses read at a glance. */
  color: string | undefined;
  tooltip: string;
  path: string;
  status: string;
}

export interface GroupNode {
  kind: "group";
  key: string;
  label: string;
  description: string;
  children: SkillNode[];
}

/** Codicon and colour per status the server reports; built-in skills get their own icon. */
const ICONS: Record<string, [string, string | undefined]> = {
  loaded: ["pass", "testing.iconPassed"],
  "hidden-from-model": ["eye-closed", "disabledForeground"],
  shadowed: ["layers", "editorWarning.foreground"],
  conflict: ["warning", "editorWarning.foreground"],
  skipped: ["circle-slash", "errorForeground"],
};

export function iconFor(status: string, builtin: boolean): [string, string | undefined] {
  if (builtin && status === "loaded") return ["package", "testing.iconPassed"];
  return ICONS[status] ?? ["question", undefined];
}

function skillNode(group: string, item: ViewItem, skill: ViewSkill, grouping: Grouping): SkillNode {
  const [icon, color] = iconFor(item.status, skill.builtin);
  const lines = [
    item.detail,
    ...(grouping === "agent" ? [skill.summary] : []),
    skill.provenance,
    ...skill.otherPaths.map((p) => `also at ${p}`),
  ];
  if (skill.description) lines.push("", skill.description);
  return {
    kind: "skill",
    key: `${group}/${skill.id}`,
    label: skill.name,
    // By agent the folder tells copies apart; by folder the status word is what varies.
    description: grouping === "agent" ? skill.location : item.statusText,
    icon,
    color,
    tooltip: lines.join("\n"),
    path: skill.path,
    status: item.status,
  };
}

/** The tree's top level for one grouping, each group with its skills. */
export function groupNodes(data: SkillsViewData, grouping: Grouping): GroupNode[] {
  const byId = new Map(data.skills.map((s) => [s.id, s]));
  const groups = grouping === "agent" ? data.byAgent : data.byFolder;
  return groups.map((group) => {
    const key = `${grouping}:${group.id ?? group.label}`;
    const children = group.items.flatMap((item) => {
      const skill = byId.get(item.skill);
      return skill ? [skillNode(key, item, skill, grouping)] : [];
    });
    return {
      kind: "group",
      key,
      label: group.label,
      description: `${children.length} skill${children.length === 1 ? "" : "s"}`,
      children,
    };
  });
}

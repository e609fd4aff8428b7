/** What the server returns for a preview and what the panel shows it with: the shapes the
 * page's HTML (previewHtml.ts) and its catalog text (previewText.ts) share. Types only. */

export type PreviewMode = "catalog" | "activation";

export interface ClientInfo {
  id: string;
  name: string;
}

export interface CatalogEntry {
  name: string;
  description: string;
  location: string;
  characters: number;
  hidden: boolean;
  truncated: boolean;
}

export interface Rendered {
  client: string;
  clientName: string;
  text: string;
  characters: number;
  tokens: number;
  budget: number | null;
  truncatedAt: number | null;
}

export interface CatalogPreview extends Rendered {
  entries: CatalogEntry[];
  /** What the agent may list beyond this catalog (skills served over MCP), in sentences. */
  notes?: string[];
}

export interface ActivationPreview extends Rendered {
  name: string;
}

export interface PreviewModel {
  mode: PreviewMode;
  clients: ClientInfo[];
  client: string;
  /** File system path of the SKILL.md being edited, if any. */
  skillPath?: string;
  result?: CatalogPreview | ActivationPreview;
  error?: string;
}

/**
 * What the dossier PDF (report template v3) puts on the page, decided here and only drawn by
 * infra/report-pdf.ts (docs/reports.md, "The dossier PDF"). Sizes are PDF points on an A4 page;
 * every text is Portuguese and final: the adapter prints it as it is.
 */
export const PAGE = { width: 595.28, height: 841.89, margin: { top: 86, bottom: 64, left: 50, right: 50 } } as const;
/** The width a block may use: the page between its side margins. */
export const CONTENT_WIDTH = PAGE.width - PAGE.margin.left - PAGE.margin.right;

export type TableColumn = { label: string; width: number; align?: 'left' | 'right' | 'center' };

/** A box of the ownership diagram: the name's `lines` in bold 8 pt, then the `caption` in italic 7 pt, each line fitted to the box. */
export type DiagramBox = {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  lines: string[];
  caption: string[];
  tone: 'subject' | 'owner' | 'intermediate' | 'unresolved';
};
/** An arrow from the owner's box to the owned one, with its label at the arrow's middle. */
export type DiagramEdge = { from: string; to: string; points: { x: number; y: number }[]; label: string | null };

export type DossierBlock =
  | { kind: 'title'; text: string }
  | { kind: 'subtitle'; text: string }
  | { kind: 'banner'; tone: 'critical' | 'high' | 'medium' | 'low' | 'neutral'; text: string; detail: string }
  | { kind: 'heading'; text: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'note'; text: string }
  | { kind: 'facts'; rows: [string, string][] }
  | { kind: 'table'; columns: TableColumn[]; rows: string[][] }
  | { kind: 'diagram'; width: number; height: number; boxes: DiagramBox[]; edges: DiagramEdge[]; legend: string }
  | { kind: 'page_break' };

/** The running header and footer of every page ({page} and {pages} filled in by the adapter). */
export type DossierFrame = {
  headerLeft: string;
  headerRight: string;
  versions: string;
  footerLeft: string;
  footerRight: string;
  draftMark: string | null;
};

export type DossierLayout = { title: string; frame: DossierFrame; blocks: DossierBlock[] };

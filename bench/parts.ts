/**
 * The bench in parts: each part is one exported function of a bench file, and says which figures
 * it reports (name prefixes). `--only PREFIX` runs the parts whose figures can start with it, and
 * `--against REF` runs each part in a child process on both trees, alternately. A part names its
 * file and export rather than importing it, so the same list can run an older commit's bench
 * files (there a missing export falls back to the file's `run`, filtered to the part's figures).
 */
export interface BenchPart {
  /** Shown as the part's heading. */
  name: string;
  /** The bench file, relative to bench/. */
  file: string;
  /** The function it exports that returns the figures. */
  exportName: string;
  /** Prefixes of every figure name the part reports. */
  covers: string[];
}

export const PARTS: BenchPart[] = [
  { name: 'bridge', file: 'bridge.bench.ts', exportName: 'run', covers: ['bridge.'] },
  { name: 'mcp', file: 'mcp.bench.ts', exportName: 'run', covers: ['mcp.'] },
  { name: 'framing', file: 'framing.bench.ts', exportName: 'run', covers: ['framing.'] },
  { name: 'chat', file: 'chat.bench.ts', exportName: 'run', covers: ['chat.'] },
  { name: 'ui', file: 'ui.bench.ts', exportName: 'run', covers: ['ui.'] },
  {
    name: 'history.page',
    file: 'history.bench.ts',
    exportName: 'measureInBrowser',
    covers: ['history.open_10k_ms', 'history.scroll_'],
  },
  {
    name: 'history.store',
    file: 'history.bench.ts',
    exportName: 'measureStore',
    covers: [
      'history.search_',
      'history.open_10k_store_',
      'history.list_',
      'history.database_',
      'history.write_',
    ],
  },
  { name: 'servers', file: 'servers.bench.ts', exportName: 'run', covers: ['servers.'] },
  { name: 'sandbox', file: 'sandbox.bench.ts', exportName: 'run', covers: ['sandbox.'] },
  { name: 'start', file: 'start.bench.ts', exportName: 'run', covers: ['start.'] },
  { name: 'streaming', file: 'streaming.bench.ts', exportName: 'run', covers: ['streaming.'] },
  {
    name: 'memory.host',
    file: 'memory.bench.ts',
    exportName: 'hostFigures',
    covers: ['memory.host_'],
  },
  {
    name: 'memory.export',
    file: 'export.bench.ts',
    exportName: 'run',
    covers: ['memory.export_'],
  },
  {
    name: 'memory.page',
    file: 'memory.bench.ts',
    exportName: 'pageFigures',
    covers: ['memory.page_'],
  },
  { name: 'files', file: 'files.bench.ts', exportName: 'run', covers: ['files.'] },
  { name: 'toolResults', file: 'results.bench.ts', exportName: 'run', covers: ['results.'] },
  {
    name: 'textCalls',
    file: 'textCalls.bench.ts',
    exportName: 'run',
    covers: ['tools.text_calls.'],
  },
  {
    name: 'toolSelection',
    file: 'toolSelection.bench.ts',
    exportName: 'run',
    covers: ['tools.', 'tokens.'],
  },
];

/** Whether a figure name belongs to the selection (no selection: every figure). */
export function selected(name: string, only: readonly string[]): boolean {
  return only.length === 0 || only.some((prefix) => name.startsWith(prefix));
}

/**
 * The parts that can report a figure of the selection. A selection inside a narrower part's
 * cover (`tools.text_calls`) does not also run a part that merely covers it broadly (`tools.`,
 * the tool selection part).
 */
export function partsFor(only: readonly string[]): BenchPart[] {
  if (only.length === 0) return PARTS;
  const covers = PARTS.flatMap((part) => part.covers);
  const inside = (prefix: string) => covers.some((cover) => cover.startsWith(prefix));
  // Of the covers a selection lies within, the narrowest one says which part has its figures.
  const narrowest = (prefix: string) =>
    Math.max(...covers.filter((cover) => prefix.startsWith(cover)).map((cover) => cover.length));
  const within = (prefix: string, cover: string) =>
    prefix.startsWith(cover) && !inside(prefix) && cover.length === narrowest(prefix);
  return PARTS.filter((part) =>
    part.covers.some((cover) =>
      only.some((prefix) => cover.startsWith(prefix) || within(prefix, cover)),
    ),
  );
}

/** Whether the part's own list names the figure (a figure outside it would escape `--only`). */
export function covered(part: BenchPart, name: string): boolean {
  return part.covers.some((cover) => name.startsWith(cover));
}

/**
 * Importing servers from the configs users already have (pasted, or found where Claude Desktop,
 * VS Code and Cursor keep theirs) and exporting Hearth's. Only files Hearth itself found are read:
 * the renderer cannot name an arbitrary path.
 */
import { readFile } from 'node:fs/promises';
import type {
  DetectedConfig,
  ImportReport,
  ServerConfigInput,
} from '../../../../preload/schemas/servers';
import type { z } from 'zod';
import type { importOptionsSchema, importSourceSchema } from '../../../../preload/schemas/servers';
import { UserFacingError } from '../../bridge/errors';
import {
  detectConfigFiles,
  exportServers,
  exportVsCodeServers,
  importCandidates,
  parseImport,
  planImport,
} from './importExport';
import { checkImportedServer } from './importChecks';
import type { McpManager } from '../manager';
import type { LaunchContext } from '../transport/configTransports';

export interface ImportService {
  detect(): Promise<DetectedConfig[]>;
  import(
    source: z.output<typeof importSourceSchema>,
    options: z.output<typeof importOptionsSchema>,
  ): Promise<ImportReport>;
  export(names?: string[]): string;
  /** The same servers as a VS Code mcp.json, with their sandbox settings in VS Code's shape. */
  exportVsCode(names?: string[]): string;
}

export function createImportService(options: {
  manager: McpManager;
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  home: string;
  /** Where a command would be looked for (the login shell's PATH), for the preview's checks. */
  launchContext(): LaunchContext;
}): ImportService {
  const { manager } = options;
  let detected: DetectedConfig[] = [];
  /** The named servers (all when none are named). */
  const chosen = (names?: string[]) =>
    names
      ? manager.store.list().filter((config) => names.includes(config.name))
      : manager.store.list();
  return {
    async detect() {
      detected = await detectConfigFiles(
        importCandidates(options.platform, options.env, options.home),
      );
      return detected;
    },
    async import(source, { apply, replace, only }) {
      const text =
        'text' in source ? source.text : await readDetected(source.detectedPath, detected);
      const existing = manager.store.list().map((config) => config.name);
      const { report, toSave } = planImport(parseImport(text), existing, replace);
      // Each taken server's name in the file, by the name it is saved under.
      const fileName = new Map(
        report.items.flatMap((item) => (item.finalName ? [[item.finalName, item.name]] : [])),
      );
      const chosen = toSave.filter(
        (config) => !only || only.includes(fileName.get(config.name) ?? config.name),
      );
      if (!apply) return withProblems(report, toSave, options.launchContext());
      for (const config of chosen) {
        const replaced = existing.find((name) => name.toLowerCase() === config.name.toLowerCase());
        await manager.save(config, replaced);
      }
      const left = (item: ImportReport['items'][number]) =>
        item.outcome !== 'skipped' && only !== undefined && !only.includes(item.name);
      return {
        ...report,
        items: report.items.map((item) =>
          left(item)
            ? { ...item, outcome: 'skipped', notes: [...item.notes, 'You left it out.'] }
            : item,
        ),
      };
    },
    export(names) {
      return exportServers(chosen(names));
    },
    exportVsCode(names) {
      return exportVsCodeServers(chosen(names));
    },
  };
}

/** The report with what would stop each server working here, checked side by side. */
async function withProblems(
  report: ImportReport,
  toSave: ServerConfigInput[],
  context: LaunchContext,
): Promise<ImportReport> {
  const found = new Map(
    await Promise.all(
      toSave.map(
        async (config) => [config.name, await checkImportedServer(config, context)] as const,
      ),
    ),
  );
  return {
    ...report,
    items: report.items.map((item) => {
      const problems = item.finalName ? found.get(item.finalName) : undefined;
      return problems && problems.length > 0 ? { ...item, problems } : item;
    }),
  };
}

async function readDetected(path: string, detected: DetectedConfig[]): Promise<string> {
  if (!detected.some((candidate) => candidate.path === path)) {
    throw new UserFacingError(
      'Hearth imports only the config files it found itself; paste the file’s contents instead.',
    );
  }
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new UserFacingError(`Hearth could not read ${path}: ${(error as Error).message}`);
  }
}

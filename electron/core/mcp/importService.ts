/**
 * Importing servers from the configs users already have (pasted, or found where Claude Desktop,
 * VS Code and Cursor keep theirs) and exporting Hearth's. Only files Hearth itself found are read:
 * the renderer cannot name an arbitrary path.
 */
import { readFile } from 'node:fs/promises';
import type { DetectedConfig, ImportReport } from '../../../preload/schemas/servers';
import type { z } from 'zod';
import type { importOptionsSchema, importSourceSchema } from '../../../preload/schemas/servers';
import { UserFacingError } from '../bridge/errors';
import {
  detectConfigFiles,
  exportServers,
  importCandidates,
  parseImport,
  planImport,
} from './importExport';
import type { McpManager } from './manager';

export interface ImportService {
  detect(): Promise<DetectedConfig[]>;
  import(
    source: z.output<typeof importSourceSchema>,
    options: z.output<typeof importOptionsSchema>,
  ): Promise<ImportReport>;
  export(names?: string[]): string;
}

export function createImportService(options: {
  manager: McpManager;
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  home: string;
}): ImportService {
  const { manager } = options;
  let detected: DetectedConfig[] = [];
  return {
    async detect() {
      detected = await detectConfigFiles(
        importCandidates(options.platform, options.env, options.home),
      );
      return detected;
    },
    async import(source, { apply, replace }) {
      const text =
        'text' in source ? source.text : await readDetected(source.detectedPath, detected);
      const existing = manager.store.list().map((config) => config.name);
      const { report, toSave } = planImport(parseImport(text), existing, replace);
      if (!apply) return report;
      for (const config of toSave) {
        const replaced = existing.find((name) => name.toLowerCase() === config.name.toLowerCase());
        await manager.save(config, replaced);
      }
      return report;
    },
    export(names) {
      const chosen = names
        ? manager.store.list().filter((config) => names.includes(config.name))
        : manager.store.list();
      return exportServers(chosen);
    },
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

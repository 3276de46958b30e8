/**
 * What reading another app's MCP configuration produces, before Hearth decides what to save.
 */
import type { z } from 'zod';
import type { ServerConfigInput, importFormatSchema } from '../../../../../preload/schemas/servers';

/** The apps whose configuration files Hearth understands. */
export type ImportFormat = z.output<typeof importFormatSchema>;

/** One server entry of the file: converted (with `config`) or not (with `skipReason`). */
export interface ParsedServer {
  /** The name Hearth would give it, already cleaned and unique within the file. */
  name: string;
  config?: ServerConfigInput;
  /** Everything not taken as it was, in words for the user. */
  notes: string[];
  skipReason?: string;
}

/** A whole file read: `errors` holds problems with the file itself, so it may hold no servers. */
export interface ParsedImport {
  format?: ImportFormat;
  servers: ParsedServer[];
  errors: string[];
}

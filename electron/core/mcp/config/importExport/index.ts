/**
 * Importing MCP servers from Claude Desktop, VS Code and Cursor, and exporting Hearth's own in
 * the shape those apps read. Pure functions apart from `detectConfigFiles`' file reads.
 */
export { parseImport } from './parseImport';
export { planImport, type ImportPlan } from './planImport';
export { exportServers, exportVsCodeServers } from './exportServers';
export {
  detectConfigFiles,
  importCandidates,
  type ImportCandidate,
  type ReadTextFile,
} from './detectConfigFiles';
export type { ImportFormat, ParsedImport, ParsedServer } from './importTypes';

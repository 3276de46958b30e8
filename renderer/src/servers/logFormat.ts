/** How log entries read as text, on screen and when copied. */
import type { LogEntry } from '../../../preload/schemas/servers';

export const SOURCE_LABELS: Record<LogEntry['source'], string> = {
  stderr: 'stderr',
  mcp: 'MCP',
  hearth: 'Hearth',
};

/** The entry's time of day (local), so lines from one session stay short. */
export function timeOf(entry: LogEntry): string {
  const date = new Date(entry.at);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** One line: time, source, level (when not plain info) and text. */
export function formatLogEntry(entry: LogEntry): string {
  const level = entry.level === 'info' ? '' : ` ${entry.level}`;
  return `${timeOf(entry)} [${SOURCE_LABELS[entry.source]}${level}] ${entry.text}`;
}

/**
 * `system_info`: the facts a model needs before it suggests a command (which OS, how much memory
 * and disk), gathered without running anything.
 */
import { statfs } from 'node:fs/promises';
import os from 'node:os';
import { parse } from 'node:path';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { textResult } from '../userPath';

const GIB = 1024 ** 3;

/** Registers `system_info` on `server`. */
export function registerSystemInfoTool(server: McpServer, platform: NodeJS.Platform): void {
  server.registerTool(
    'system_info',
    {
      title: 'System information',
      description:
        "Describe the user's computer: operating system and version, CPU, memory, free disk space, load, uptime and hostname. " +
        'Use it before suggesting commands, to pick the right ones for this system (for example apt on Ubuntu, brew on macOS).',
      inputSchema: {},
      annotations: {
        title: 'System information',
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    () => describeSystem(platform),
  );
}

/** One fact a line, in words and round numbers a small model reads without arithmetic. */
export async function describeSystem(
  platform: NodeJS.Platform = process.platform,
): Promise<CallToolResult> {
  const cpus = os.cpus();
  const load = os.loadavg().map((value) => value.toFixed(2));
  const lines = [
    `Operating system: ${os.type()} ${os.release()} (${platform}; ${os.version()})`,
    `Architecture: ${os.arch()}`,
    `Hostname: ${os.hostname()}`,
    `CPU: ${cpus[0]?.model.trim() ?? 'unknown'}, ${cpus.length} logical cores`,
    platform === 'win32'
      ? 'Load average: not available on Windows'
      : `Load average (1, 5, 15 min): ${load.join(', ')}`,
    `Memory: ${gib(os.totalmem())} total, ${gib(os.freemem())} free`,
    await describeDisk(platform === 'win32' ? parse(os.homedir()).root : '/'),
    `Uptime: ${duration(os.uptime())}`,
    `Node.js: ${process.version}`,
  ];
  return textResult(lines.join('\n'));
}

async function describeDisk(volume: string): Promise<string> {
  try {
    const disk = await statfs(volume);
    return `Disk (${volume}): ${gib(disk.blocks * disk.bsize)} total, ${gib(disk.bavail * disk.bsize)} free`;
  } catch {
    return `Disk (${volume}): unknown`;
  }
}

function gib(bytes: number): string {
  return `${(bytes / GIB).toFixed(1)} GiB`;
}

function duration(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  return days > 0 ? `${days} d ${hours} h ${minutes} min` : `${hours} h ${minutes} min`;
}

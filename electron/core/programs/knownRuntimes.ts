/**
 * The programs most MCP servers are started with, and where to get each: Node.js (npx), uv
 * (uvx), Python and Docker. Used by the runtime doctor in Servers and by the message a server
 * gets when its command is missing, so it says what to install rather than only "not found".
 */
export interface Runtime {
  id: 'node' | 'uv' | 'python' | 'docker';
  label: string;
  /** The commands it brings, the first one asked for its version. */
  commands: string[];
  /** Official installation instructions. */
  install: string;
}

export const RUNTIMES: readonly Runtime[] = [
  {
    id: 'node',
    label: 'Node.js',
    commands: ['node', 'npx', 'npm'],
    install: 'https://nodejs.org/en/download',
  },
  {
    id: 'uv',
    label: 'uv',
    commands: ['uv', 'uvx'],
    install: 'https://docs.astral.sh/uv/getting-started/installation/',
  },
  {
    id: 'python',
    label: 'Python',
    commands: ['python3', 'python', 'pip3', 'pip'],
    install: 'https://www.python.org/downloads/',
  },
  {
    id: 'docker',
    label: 'Docker',
    commands: ['docker'],
    install: 'https://docs.docker.com/get-started/get-docker/',
  },
];

/** The runtime a bare command name belongs to (`npx` → Node.js), if it is one of these. */
export function runtimeOf(command: string): Runtime | undefined {
  const name = command
    .trim()
    .toLowerCase()
    .replace(/\.(exe|cmd|bat)$/, '');
  return RUNTIMES.find((runtime) => runtime.commands.includes(name));
}

/** A sentence saying what to install for a missing command, or '' when it is not a runtime's. */
export function installAdvice(command: string): string {
  const runtime = runtimeOf(command);
  if (!runtime) return '';
  return `“${command}” comes with ${runtime.label}: install it (${runtime.install}), then start the server again.`;
}

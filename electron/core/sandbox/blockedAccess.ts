/**
 * Tells which of a sandboxed server's failures were the sandbox's doing. On Linux bubblewrap
 * reports nothing itself (sandbox-runtime's README, "Violation Detection and Monitoring": use
 * strace); what the server sees is an error: a hidden file is missing (ENOENT, the place is an
 * empty tmpfs), a write outside its folders hits a read-only file system (EROFS), a connection to
 * loopback finds nobody (ECONNREFUSED: the sandbox has its own network namespace). Hearth reads
 * those errors where the server reports them (its stderr, a failed tool's text) and names the
 * ones that fall on the policy's boundaries. So is a name lookup that fails, or a network that
 * cannot be reached: inside the sandbox there is no network but the proxy, and a client that
 * does not use it (Node's fetch of a server given no hosts) fails there. Connections refused by
 * the proxy come from sandbox-runtime's violation store instead (see sandboxRuntime.ts).
 */
import { isAbsolute, join, resolve } from 'node:path';
import { isInside, type ResolvedPolicy } from './policy';

export interface BlockedAccess {
  kind: 'read' | 'write' | 'connection';
  /** A path, or host:port. */
  target: string;
  /**
   * A write refused inside a folder the process may write (or under "write anywhere"): a file
   * other programs run or trust later, kept read-only whatever the policy allows.
   */
  kept?: true;
}

/** What a refused write of a protected file says after its path: allowing it changes nothing. */
export const KEPT_READ_ONLY = ' (kept read-only: other programs run it)';

/** "blocked: read of ~/.ssh/id_rsa" */
export function describeBlocked(blocked: BlockedAccess, home: string): string {
  const target = blocked.kind === 'connection' ? blocked.target : shortenHome(blocked.target, home);
  return blocked.kind === 'connection'
    ? `blocked: connection to ${target}`
    : `blocked: ${blocked.kind} of ${target}${blocked.kept ? KEPT_READ_ONLY : ''}`;
}

/** The line of a proxy denial ("deny network-outbound host:443 (reason)") as a blocked access. */
export function blockedFromViolation(line: string): BlockedAccess | undefined {
  const match = /^deny network-outbound (\S+)/.exec(line);
  return match?.[1] ? { kind: 'connection', target: match[1] } : undefined;
}

const WRITE_REFUSED = /EROFS|read-only file system|\[Errno 30\]/i;
const DENIED = /EACCES|EPERM|permission denied|operation not permitted|\[Errno 1[3]?\]/i;
const MISSING = /ENOENT|no such file or directory|\[Errno 2\]/i;
/** Where the error's own words are in a line: the path it names stands next to them. */
const ERROR_WORDS =
  /EROFS: read-only file system|read-only file system|\[Errno (?:30|13|2|1)\] [^:']+|EACCES: permission denied|EPERM: operation not permitted|ENOENT: no such file or directory|permission denied|operation not permitted|no such file or directory/i;
/** Calls and phrases that write (Node's syscall names, shells', git's, Python's words). */
const WRITES =
  /cannot touch|\b(?:mkdir|rmdir|unlink|rename|symlink|link|copyfile|chmod|chown|utime|futime|write|truncate)\b|cannot create|could not (?:lock|create|write)|unable to (?:create|write)|for writing/i;
const LOOPBACK_REFUSED =
  /(?:ECONNREFUSED|connection refused)[^0-9[]*((?:127\.\d+\.\d+\.\d+|localhost|\[?::1\]?):(\d+))/i;
/** Node (`getaddrinfo EAI_AGAIN host`), curl (`Could not resolve host: host`), urllib3. */
const LOOKUP_FAILED =
  /getaddrinfo (?:EAI_AGAIN|ENOTFOUND) ([a-z0-9.-]+)|Could not resolve host: ([a-z0-9.-]+)|Failed to resolve '([a-z0-9.-]+)'/i;
/** Node: `connect ENETUNREACH 203.0.113.7:443`. */
const UNREACHABLE = /ENETUNREACH (\d+\.\d+\.\d+\.\d+:\d+)/;

/**
 * The sandbox refusals one line of a server's output reports, judged against its policy. A
 * relative path in an error is the process's own: it is taken from `cwd`, the folder it runs in.
 */
export function blockedInText(text: string, policy: ResolvedPolicy, cwd?: string): BlockedAccess[] {
  const found: BlockedAccess[] = [];
  for (const line of text.split(/\r?\n/)) {
    const loopback = LOOPBACK_REFUSED.exec(line);
    if (loopback?.[1]) {
      found.push({ kind: 'connection', target: loopback[1].replace('localhost', '127.0.0.1') });
      continue;
    }
    const lookup = LOOKUP_FAILED.exec(line);
    const host = (lookup?.[1] ?? lookup?.[2] ?? lookup?.[3])?.toLowerCase();
    const unreachable = UNREACHABLE.exec(line)?.[1];
    const target = host ?? unreachable;
    if (target) {
      if (!allowed(target, policy.hosts)) found.push({ kind: 'connection', target });
      continue;
    }
    const named = pathNamed(line, policy.home, cwd);
    if (!named) continue;
    const { path, before } = named;
    const writable = policy.allowAllWrites || policy.allowWrite.some((f) => isInside(path, f));
    // Inside the sandbox every file system but the folders it may write is read-only, so a
    // read-only file system is always its refusal: outside those folders, or of a file kept
    // read-only inside them (a hook, a start-up file).
    if (WRITE_REFUSED.test(line)) {
      found.push({ kind: 'write', target: path, ...(writable ? { kept: true as const } : {}) });
      continue;
    }
    // A denial is a write only when the call says so (Node's syscall, the shell's "cannot
    // create"): a refused read is never shown as a write.
    if (DENIED.test(line) && WRITES.test(before)) {
      if (!writable) found.push({ kind: 'write', target: path });
      continue;
    }
    // npm's mkdir of a cache it may not write fails as ENOENT (its recursive mkdir): a write.
    if (MISSING.test(line) && WRITES.test(before) && !writable) {
      found.push({ kind: 'write', target: path });
      continue;
    }
    const reads = MISSING.test(line) || (DENIED.test(line) && !WRITES.test(before));
    if (reads && hidden(path, policy)) found.push({ kind: 'read', target: path });
  }
  return unique(found);
}

/**
 * The path the error in a line is about, and the words before it (the call): the path right
 * after the error's words (Node: `EROFS: read-only file system, open '/x'`; Python:
 * `Read-only file system: '/x'`), else the one right before them (shells and git:
 * `cannot create /x: Read-only file system`). Never another path elsewhere in the line, and
 * never the tail of a relative one (`.local/bin/git` is not `/bin/git`): a relative path is the
 * process's, taken from `cwd` (none without it), `~/` from the home folder.
 */
function pathNamed(
  line: string,
  home: string,
  cwd: string | undefined,
): { path: string; before: string } | undefined {
  const error = ERROR_WORDS.exec(line);
  if (!error) return undefined;
  const errorEnd = error.index + error[0].length;
  const absolute = (word: string): string | undefined =>
    isAbsolute(word)
      ? word
      : word.startsWith('~/')
        ? join(home, word.slice(2))
        : cwd && /[/.]/.test(word) && !/^[a-z]+:/i.test(word)
          ? resolve(cwd, word)
          : undefined;
  const paths = [...line.matchAll(PATH_WORD)].flatMap((match) => {
    const path = absolute(match[2] ?? match[3] ?? '');
    const start = match.index ?? 0;
    return path ? [{ path, start, end: start + match[0].length }] : [];
  });
  const after = paths.find((entry) => entry.start >= errorEnd);
  if (after && /^[\s,:]*(?:[a-z_]+\s*)?$/i.test(line.slice(errorEnd, after.start).trimEnd()))
    return { path: after.path, before: line.slice(0, after.start) };
  const ahead = paths.filter((entry) => entry.end <= error.index).at(-1);
  if (ahead && /^\s*:?\s*$/.test(line.slice(ahead.end, error.index)))
    return { path: ahead.path, before: line.slice(0, error.index) };
  return undefined;
}

/**
 * A path as errors write it: in quotes (any text up to the closing one), or a bare word that
 * starts where a word starts (after a space, a quote, a bracket or the line's start), never
 * inside another word.
 */
const PATH_WORD =
  /(^|(?<=[\s(=,]))(?:['"‘“]([^'"’”\n]+)['"’”]|([^\s'"‘“’”,;()]*[^\s'"‘“’”,;:()]))/g;

/**
 * Whether a host (or `address:port`) is in the policy's list already: then the failure is a
 * client that ignores the proxy, which allowing the host again would not mend.
 */
function allowed(target: string, hosts: string[]): boolean {
  const name = /^\d+\.\d+\.\d+\.\d+:\d+$/.test(target) ? target.replace(/:\d+$/, '') : target;
  return hosts.some((entry) => {
    const pattern = entry.replace(/:\d+$/, '');
    return pattern.startsWith('*.') ? name.endsWith(pattern.slice(1)) : pattern === name;
  });
}

/** Whether the policy hides `path` from reading. */
function hidden(path: string, policy: ResolvedPolicy): boolean {
  return (
    policy.denyRead.some((place) => isInside(path, place)) &&
    !policy.allowRead.some((place) => isInside(path, place))
  );
}

function shortenHome(path: string, home: string): string {
  return home && isInside(path, home) && path !== home ? `~${path.slice(home.length)}` : path;
}

function unique(list: BlockedAccess[]): BlockedAccess[] {
  const seen = new Set<string>();
  return list.filter((entry) => {
    const key = `${entry.kind} ${entry.target}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

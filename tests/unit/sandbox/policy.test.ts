import { describe, expect, it } from 'vitest';
import {
  blockedInText,
  confinedToOwnFolder,
  defaultSandboxPolicy,
  describeBlocked,
  isDockerCommand,
  launcherNeeds,
  resolvePolicy,
} from '../../../electron/core/sandbox';
import { checkAvailability } from '../../../electron/core/sandbox';

const context = {
  ownFolder: '/users/ada/.config/Hearth/sandboxes/0123456789abcdef01234567',
  command: 'npx',
  env: {},
  roots: ['/users/ada/projects'],
  dataDir: '/users/ada/.config/Hearth',
  home: '/users/ada',
  hearthFolders: ['/users/ada/.config/Hearth.keys'],
};

describe('a sandbox policy as it applies', () => {
  it('hides the secret places and Hearth’s data, and lets the server read its own folder', () => {
    const resolved = resolvePolicy(defaultSandboxPolicy(), context);
    expect(resolved.denyRead).toEqual(
      expect.arrayContaining([
        '/users/ada/.ssh',
        '/users/ada/.aws',
        '/users/ada/.docker/config.json',
        '/users/ada/.local/share/keyrings',
        '/users/ada/.config/Hearth',
        '/users/ada/.config/Hearth.keys',
      ]),
    );
    expect(resolved.ownFolder).toBe(context.ownFolder);
    expect(resolved.allowRead).toEqual([resolved.ownFolder]);
  });

  it('writes: its folder (which holds its launcher’s cache), its roots and the user’s additions', () => {
    const policy = { ...defaultSandboxPolicy(), allowWrite: ['~/Documents/out'] };
    const resolved = resolvePolicy(policy, context);
    const cache = `${resolved.ownFolder}/cache/npm`;
    expect(resolved.allowWrite).toEqual([
      resolved.ownFolder,
      '/users/ada/projects',
      cache,
      '/users/ada/Documents/out',
    ]);
    // Never the user's own npm cache, which the user's npx runs code from later.
    expect(resolved.allowWrite).not.toContain('/users/ada/.npm');
    expect(resolved.env.npm_config_cache).toBe(cache);
  });

  it('hosts: none of its own, plus what npx or uvx needs to fetch the package', () => {
    expect(resolvePolicy(defaultSandboxPolicy(), { ...context, command: 'node' }).hosts).toEqual(
      [],
    );
    expect(resolvePolicy(defaultSandboxPolicy(['api.example.com']), context).hosts).toEqual([
      'registry.npmjs.org',
      'api.example.com',
    ]);
    expect(launcherNeeds('/usr/bin/uvx', '/data/sandbox/x')).toEqual({
      launcher: 'uvx',
      writeFolders: ['/data/sandbox/x/cache/uv', '/data/sandbox/x/cache/uv-tools'],
      env: {
        UV_CACHE_DIR: '/data/sandbox/x/cache/uv',
        UV_TOOL_DIR: '/data/sandbox/x/cache/uv-tools',
      },
      hosts: ['pypi.org', 'files.pythonhosted.org'],
    });
  });

  it('keeps a bundle’s code readable when it lives in Hearth’s data folder', () => {
    const folder = '/users/ada/.config/Hearth/bundles/weather';
    const resolved = resolvePolicy(defaultSandboxPolicy(), {
      ...context,
      command: 'node',
      cwd: folder,
    });
    expect(resolved.allowRead).toContain(folder);
    // A folder elsewhere is not re-allowed: it would undo a deny above it.
    const elsewhere = resolvePolicy(defaultSandboxPolicy(), { ...context, cwd: '/users/ada' });
    expect(elsewhere.allowRead).not.toContain('/users/ada');
  });

  it('allows every write only when asked', () => {
    const resolved = resolvePolicy({ ...defaultSandboxPolicy(), allowAllWrites: true }, context);
    expect(resolved.allowAllWrites).toBe(true);
    expect(resolved.allowWrite).toEqual([]);
  });

  it('knows Docker, which is not wrapped again', () => {
    expect(isDockerCommand('/usr/bin/docker')).toBe(true);
    expect(isDockerCommand('podman')).toBe(true);
    expect(isDockerCommand('node')).toBe(false);
  });
});

describe('what the sandbox blocked, read from a server’s errors', () => {
  const resolved = resolvePolicy(defaultSandboxPolicy(), { ...context, command: 'node' });

  it('names a hidden read, a refused write and a loopback connection', () => {
    const stderr = [
      "Error: ENOENT: no such file or directory, open '/users/ada/.ssh/id_rsa'",
      "Error: EROFS: read-only file system, open '/users/ada/planted.txt'",
      'connect ECONNREFUSED 127.0.0.1:5432',
      "[Errno 30] Read-only file system: '/etc/hosts'",
    ].join('\n');
    expect(
      blockedInText(stderr, resolved).map((blocked) => describeBlocked(blocked, context.home)),
    ).toEqual([
      'blocked: read of ~/.ssh/id_rsa',
      'blocked: write of ~/planted.txt',
      'blocked: connection to 127.0.0.1:5432',
      'blocked: write of /etc/hosts',
    ]);
  });

  it('names a host whose lookup failed, or an address the empty network could not reach', () => {
    const stderr = [
      'fetch https://api.example.com/v1 failed: getaddrinfo EAI_AGAIN api.example.com',
      'curl: (6) Could not resolve host: Files.Example.org',
      "NameResolutionError: Failed to resolve 'pypi.example.net' ([Errno -3] Temporary failure)",
      'Error: connect ENETUNREACH 203.0.113.7:443 - Local (0.0.0.0:0)',
    ].join('\n');
    expect(
      blockedInText(stderr, resolved).map((blocked) => describeBlocked(blocked, context.home)),
    ).toEqual([
      'blocked: connection to api.example.com',
      'blocked: connection to files.example.org',
      'blocked: connection to pypi.example.net',
      'blocked: connection to 203.0.113.7:443',
    ]);
  });

  it('does not offer a host the server may already reach (its client ignored the proxy)', () => {
    const allowing = resolvePolicy(defaultSandboxPolicy(['api.example.com', '*.example.org']), {
      ...context,
      command: 'node',
    });
    const stderr = [
      'getaddrinfo ENOTFOUND api.example.com',
      'getaddrinfo EAI_AGAIN files.example.org',
      'getaddrinfo EAI_AGAIN other.example.net',
    ].join('\n');
    expect(blockedInText(stderr, allowing)).toEqual([
      { kind: 'connection', target: 'other.example.net' },
    ]);
  });

  it('keeps apart the hosts given to the server and those its launcher needs', () => {
    const npx = resolvePolicy(defaultSandboxPolicy(['api.example.com']), context);
    expect(npx.hosts).toEqual(['registry.npmjs.org', 'api.example.com']);
    expect(npx.ownHosts).toEqual(['api.example.com']);
    expect(resolvePolicy(defaultSandboxPolicy(), context).ownHosts).toEqual([]);
  });

  it('leaves ordinary errors alone', () => {
    const stderr = [
      "Error: ENOENT: no such file or directory, open '/users/ada/projects/missing.txt'",
      "Error: EACCES: permission denied, open '/tmp/x'",
      'Listening on stdio',
    ].join('\n');
    expect(blockedInText(stderr, resolved)).toEqual([]);
  });
});

describe('where the sandbox cannot run', () => {
  it('names each missing tool and the Debian packages that bring it', async () => {
    const result = await checkAvailability({ platform: 'linux', path: '/nonexistent' });
    expect(result).toEqual({
      ok: false,
      missing: 'bubblewrap (bwrap), socat and ripgrep (rg)',
      advice: 'On Debian or Ubuntu: sudo apt install bubblewrap socat ripgrep',
    });
  });

  it('says so when user namespaces are off', async () => {
    const result = await checkAvailability({
      platform: 'linux',
      path: '/usr/bin:/bin',
      probeNamespaces: async () => false,
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.missing).toContain('user namespaces');
  });
});

describe('a policy that keeps its process to itself', () => {
  it('is one with no host and no folder to write but its own', () => {
    const node = { ...context, command: 'node', roots: [] };
    expect(confinedToOwnFolder(resolvePolicy(defaultSandboxPolicy(), node))).toBe(true);
    // npx reaches npm's registry; a root, a host or "write anywhere" reach further.
    expect(confinedToOwnFolder(resolvePolicy(defaultSandboxPolicy(), context))).toBe(false);
    expect(
      confinedToOwnFolder(resolvePolicy(defaultSandboxPolicy(), { ...node, roots: ['/x'] })),
    ).toBe(false);
    expect(confinedToOwnFolder(resolvePolicy(defaultSandboxPolicy(['a.example']), node))).toBe(
      false,
    );
    expect(
      confinedToOwnFolder(resolvePolicy({ ...defaultSandboxPolicy(), allowAllWrites: true }, node)),
    ).toBe(false);
  });
});

/**
 * OAuth end to end: Hearth's MCP manager against a real loopback authorization server and MCP
 * server (tests/fixtures/oauth). The "user" in the browser is a fetch that follows the
 * authorization server's redirect to Hearth's loopback callback, as the system browser would.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventHub } from '../../electron/core/bridge/events';
import { createLogger } from '../../electron/core/logger';
import { createMcpManager, type McpManager } from '../../electron/core/mcp/manager';
import {
  createEncryptedFileVault,
  type SecretVault,
} from '../../electron/core/secrets/secretVault';
import type { ServerStatus } from '../../preload/schemas/servers';
import {
  READ_SCOPE,
  startOAuthFixture,
  WRITE_SCOPE,
  type OAuthFixture,
} from '../fixtures/oauth/oauthServer';
import { eventually } from '../support/managerHarness';
import { tempDir } from '../support/testHost';

const NAME = 'remote';
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Stands in for safeStorage: the file must not show a value in plain text. */
const toyCipher = {
  encrypt: (plain: string) => Buffer.from(Buffer.from(plain, 'utf8').map((byte) => byte ^ 0x5a)),
  decrypt: (encrypted: Buffer) =>
    Buffer.from(encrypted.map((byte) => byte ^ 0x5a)).toString('utf8'),
};

interface Harness {
  manager: McpManager;
  dataDir: string;
  vault: SecretVault;
  /** Authorization pages Hearth opened. */
  opened: string[];
  /** Everything Hearth's logger wrote. */
  logLines: string[];
}

function startManager(
  dataDir = tempDir('oauth'),
  vault?: SecretVault,
  /** False: the user never finishes signing in in the browser. */
  approve = true,
): Harness {
  const opened: string[] = [];
  const logLines: string[] = [];
  const logger = createLogger({ sinks: [(line) => logLines.push(line)], minimum: 'debug' });
  const secrets = vault ?? createEncryptedFileVault(join(dataDir, 'secrets.json'), toyCipher);
  const manager = createMcpManager({
    dataDir,
    vault: secrets,
    events: createEventHub(logger),
    logger,
    clientVersion: '0.0.0-test',
    launchContext: () => ({ platform: process.platform, environment: process.env }),
    onProblem: (message) => logLines.push(message),
    timing: { restartBaseMs: 100 },
    openAuthorization: async (url) => {
      opened.push(url);
      if (!approve) return;
      const page = await fetch(url);
      if (!page.ok) throw new Error(`The sign-in page answered HTTP ${page.status}.`);
    },
  });
  cleanups.push(() => manager.dispose());
  return { manager, dataDir, vault: secrets, opened, logLines };
}

async function fixture(options?: Parameters<typeof startOAuthFixture>[0]): Promise<OAuthFixture> {
  const started = await startOAuthFixture(options);
  cleanups.push(() => started.close());
  return started;
}

async function addRemote(harness: Harness, url: string): Promise<ServerStatus> {
  const entry = await harness.manager.save({
    name: NAME,
    transport: { type: 'http', url, protocol: 'streamable-http' },
  });
  return entry.status;
}

function text(outcome: Awaited<ReturnType<McpManager['callTool']>>): string {
  if (!outcome.ok) throw new Error(outcome.message);
  const first = outcome.result.content[0];
  return first?.type === 'text' ? first.text : '';
}

describe('OAuth for remote servers', () => {
  it('waits for the user, then discovers, registers, signs in with PKCE over a loopback redirect and connects', async () => {
    const server = await fixture();
    const harness = startManager();
    const waiting = await addRemote(harness, server.url);
    expect(waiting).toMatchObject({ state: 'stopped', signIn: 'required' });
    // Nothing is opened behind the user's back at start, and asking is not a warning.
    expect(harness.opened).toEqual([]);
    expect(harness.manager.logs(NAME).map((entry) => [entry.level, entry.text])).toEqual([
      ['info', 'The server asks you to sign in.'],
    ]);

    const ready = await harness.manager.signIn(NAME);
    expect(ready).toMatchObject({ state: 'ready', signIn: 'signed-in' });
    expect(harness.opened).toHaveLength(1);
    expect(harness.opened[0]?.startsWith(`${server.base}/authorize?`)).toBe(true);
    expect(server.registrations).toHaveLength(1);
    expect(server.authorizations).toHaveLength(1);
    expect(server.authorizations[0]).toMatchObject({ scope: READ_SCOPE, resource: server.url });
    expect(server.authorizations[0]?.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(server.tokenRequests).toEqual([{ grantType: 'authorization_code', pkceVerified: true }]);
    expect(text(await harness.manager.callTool(NAME, 'whoami', {}))).toBe(READ_SCOPE);
  });

  it('steps up to the wider scope a tool asks for, then refreshes an expired token without asking', async () => {
    const server = await fixture();
    const harness = startManager();
    await addRemote(harness, server.url);
    await harness.manager.signIn(NAME);

    expect(text(await harness.manager.callTool(NAME, 'write_note', { text: 'hi' }))).toBe(
      'noted: hi',
    );
    expect(server.authorizations).toHaveLength(2);
    expect(server.authorizations[1]?.scope?.split(' ').sort()).toEqual([READ_SCOPE, WRITE_SCOPE]);

    server.expireAccessTokens();
    expect(
      text(await harness.manager.callTool(NAME, 'whoami', {}))
        .split(' ')
        .sort(),
    ).toEqual([READ_SCOPE, WRITE_SCOPE]);
    expect(server.tokenRequests.at(-1)).toEqual({ grantType: 'refresh_token' });
    // The refresh needed no browser.
    expect(server.authorizations).toHaveLength(2);
    expect(harness.opened).toHaveLength(2);
  });

  it('keeps what was granted when a step-up names only the new scope (SEP-2350)', async () => {
    const server = await fixture({ stepUpNamesOnlyNewScope: true });
    const harness = startManager();
    await addRemote(harness, server.url);
    await harness.manager.signIn(NAME);

    expect(text(await harness.manager.callTool(NAME, 'write_note', { text: 'hi' }))).toBe(
      'noted: hi',
    );
    // The second authorization asks for the union, each scope once; nothing is lost.
    expect(server.authorizations).toHaveLength(2);
    expect(server.authorizations[1]?.scope?.split(' ').sort()).toEqual([READ_SCOPE, WRITE_SCOPE]);
    expect(
      text(await harness.manager.callTool(NAME, 'whoami', {}))
        .split(' ')
        .sort(),
    ).toEqual([READ_SCOPE, WRITE_SCOPE]);
    expect(server.authorizations).toHaveLength(2);
  });

  it('follows a server whose sign-in moved to another authorization server (SEP-2352)', async () => {
    const server = await fixture();
    const harness = startManager();
    await addRemote(harness, server.url);
    await harness.manager.signIn(NAME);
    const [oldClient] = server.registrations;
    expect(oldClient?.issuer).toBe(server.base);
    const oldTokens = harness.vault.get(`oauth:${NAME}:tokens`);
    expect(oldTokens).toBeDefined();

    server.moveAuthorizationServer();
    // While the server is in use the call may ask the user: a new registration at the new
    // authorization server, a sign-in there, and the call goes through.
    expect(text(await harness.manager.callTool(NAME, 'whoami', {}))).toBe(READ_SCOPE);
    expect(server.registrations.map((entry) => entry.issuer)).toEqual([
      server.base,
      server.movedIssuer,
    ]);
    const moved = server.authorizations.filter((entry) => entry.issuer === server.movedIssuer);
    expect(moved).toHaveLength(1);
    // The old client id never reaches the new authorization server, nor the old refresh token
    // the old one (the move is found before any refresh).
    expect(moved[0]?.clientId).toBe(server.registrations[1]?.clientId);
    expect(moved[0]?.clientId).not.toBe(oldClient?.clientId);
    expect(server.tokenRequests.map((request) => request.grantType)).toEqual([
      'authorization_code',
      'authorization_code',
    ]);
    expect(harness.vault.get(`oauth:${NAME}:tokens`)).not.toBe(oldTokens);
    // One sentence tells the user what happened.
    const said = harness.manager
      .logs(NAME)
      .filter((entry) => entry.text.includes(server.movedIssuer));
    expect(said.map((entry) => entry.text)).toEqual([
      `This server now signs in at ${server.movedIssuer} instead of ${server.base}, so Hearth forgot the old sign-in and signs in there anew.`,
    ]);
  });

  it('after a move found while nobody is asked, waits for Sign in and then signs in at the new place', async () => {
    const server = await fixture();
    const first = startManager();
    await addRemote(first, server.url);
    await first.manager.signIn(NAME);
    await first.manager.dispose();

    // The move happens while Hearth is closed; at the next start nobody can be asked.
    server.moveAuthorizationServer();
    const second = startManager(first.dataDir);
    await second.manager.startAll();
    const status = second.manager.list().find((entry) => entry.config.name === NAME)?.status;
    expect(status).toMatchObject({
      signIn: 'required',
      signInNote: `This server now signs in at ${server.movedIssuer} instead of ${server.base}, so Hearth forgot the old sign-in and signs in there anew.`,
    });
    expect(second.opened).toEqual([]);
    // The old sign-in is gone, so no old token or client id is offered again.
    expect(second.vault.get(`oauth:${NAME}:tokens`)).toBeUndefined();
    expect(server.tokenRequests.map((request) => request.grantType)).toEqual([
      'authorization_code',
    ]);

    const ready = await second.manager.signIn(NAME);
    expect(ready).toMatchObject({ state: 'ready', signIn: 'signed-in' });
    expect(ready.signInNote).toBeUndefined();
    expect(second.opened[0]?.startsWith(`${server.movedIssuer}/authorize?`)).toBe(true);
    expect(server.registrations.map((entry) => entry.issuer)).toEqual([
      server.base,
      server.movedIssuer,
    ]);
  });

  it('renews an access token that has run out before sending it, without a 401', async () => {
    // Tokens that expire at once: every request finds its token due.
    const server = await fixture({ accessTokenLifetimeSeconds: 0 });
    const harness = startManager();
    await addRemote(harness, server.url);
    await harness.manager.signIn(NAME);
    const refusedBefore = server.unauthorized;
    const refreshesBefore = server.tokenRequests.length;

    expect(text(await harness.manager.callTool(NAME, 'whoami', {}))).toBe(READ_SCOPE);
    expect(server.unauthorized).toBe(refusedBefore);
    expect(server.tokenRequests.slice(refreshesBefore)).toContainEqual({
      grantType: 'refresh_token',
    });
    expect(harness.opened).toHaveLength(1);
  });

  it('keeps the sign-in across restarts (refreshing at start), and never writes a token or secret in plain text', async () => {
    const server = await fixture();
    const first = startManager();
    await addRemote(first, server.url);
    await first.manager.signIn(NAME);
    await first.manager.dispose();

    server.expireAccessTokens();
    const second = startManager(first.dataDir);
    await second.manager.startAll();
    const status = second.manager.list().find((entry) => entry.config.name === NAME)?.status;
    expect(status).toMatchObject({ state: 'ready', signIn: 'signed-in' });
    expect(second.opened).toEqual([]);
    expect(server.tokenRequests.map((request) => request.grantType)).toEqual([
      'authorization_code',
      'refresh_token',
    ]);

    const files = readdirSync(first.dataDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'));
    const logs = [
      ...first.logLines,
      ...second.logLines,
      ...second.manager.logs(NAME).map((entry) => entry.text),
    ];
    expect(server.issued.length).toBeGreaterThanOrEqual(4);
    for (const secret of [...server.issued, ...server.registrations.map((r) => r.clientId)]) {
      for (const file of files) expect(file).not.toContain(secret);
      for (const line of logs) expect(line).not.toContain(secret);
    }
  });

  it('signs in as Hearth itself (client credentials) at start, with no browser', async () => {
    const machineClient = { id: 'hearth-service', secret: 'service-secret-value' };
    const server = await fixture({ machineClient });
    const harness = startManager();
    const status = (
      await harness.manager.save({
        name: NAME,
        transport: {
          type: 'http',
          url: server.url,
          protocol: 'streamable-http',
          oauth: {
            grant: 'client_credentials',
            clientId: machineClient.id,
            clientSecret: machineClient.secret,
          },
        },
      })
    ).status;
    expect(status).toMatchObject({ state: 'ready', signIn: 'signed-in' });
    expect(harness.opened).toEqual([]);
    expect(server.tokenRequests).toEqual([{ grantType: 'client_credentials' }]);
    expect(text(await harness.manager.callTool(NAME, 'whoami', {}))).toBe(READ_SCOPE);
  });

  it('keeps a pre-registered client secret and key in the vault, not in servers.json', async () => {
    const harness = startManager();
    await harness.manager.save({
      name: NAME,
      enabled: false,
      transport: {
        type: 'http',
        url: 'http://127.0.0.1:9/mcp',
        oauth: {
          clientId: 'hearth-desktop',
          clientSecret: 'pre-registered-secret-value',
          clientPrivateKey: 'private-key-pem-value',
        },
      },
    });
    const file = readFileSync(join(harness.dataDir, 'servers.json'), 'utf8');
    expect(file).toContain('hearth-desktop');
    expect(file).not.toContain('pre-registered-secret-value');
    expect(file).not.toContain('private-key-pem-value');
    const listed = harness.manager.list()[0]?.config.transport;
    expect(listed?.type === 'http' && listed.oauth?.clientSecret).toBeFalsy();
    const filled = harness.manager.store.withSecrets(NAME)?.transport;
    expect(filled?.type === 'http' && filled.oauth?.clientSecret).toBe(
      'pre-registered-secret-value',
    );
    // Saving again without retyping it keeps it.
    const stored = harness.manager.store.get(NAME);
    if (!stored) throw new Error('The server was not saved.');
    await harness.manager.save({ ...stored, requestTimeoutMs: 5_000 }, NAME);
    const kept = harness.manager.store.withSecrets(NAME)?.transport;
    expect(kept?.type === 'http' && kept.oauth?.clientSecret).toBe('pre-registered-secret-value');
    expect(kept?.type === 'http' && kept.oauth?.clientPrivateKey).toBe('private-key-pem-value');
  });

  it('signs out: the tokens are deleted and the server asks for a sign-in again', async () => {
    const server = await fixture();
    const harness = startManager();
    await addRemote(harness, server.url);
    await harness.manager.signIn(NAME);
    expect(harness.vault.keys(`oauth:${NAME}:tokens`)).toHaveLength(1);

    const status = await harness.manager.signOut(NAME);
    expect(status).toMatchObject({ state: 'stopped', signIn: 'required' });
    expect(harness.vault.keys(`oauth:${NAME}:tokens`)).toEqual([]);
    const restarted = await harness.manager.start(NAME);
    expect(restarted).toMatchObject({ state: 'stopped', signIn: 'required' });
  });

  it('says how to sign in when “Test connection” meets a server that wants it', async () => {
    const server = await fixture();
    const harness = startManager();
    const report = await harness.manager.trial({
      name: NAME,
      transport: { type: 'http', url: server.url, protocol: 'streamable-http' },
    });
    expect(report.status.error).toContain('save it and choose Sign in');
    expect(harness.opened).toEqual([]);
  });

  it('joins a second Sign in to the one under way instead of opening the page twice', async () => {
    const server = await fixture();
    const harness = startManager();
    await addRemote(harness, server.url);
    const [first, second] = await Promise.all([
      harness.manager.signIn(NAME),
      harness.manager.signIn(NAME),
    ]);
    expect(first.state).toBe('ready');
    expect(second.state).not.toBe('error');
    expect(harness.opened).toHaveLength(1);
    expect(server.authorizations).toHaveLength(1);
    expect(harness.manager.list()[0]?.status).toMatchObject({ state: 'ready', restarts: 0 });
  });

  it('cancels a sign-in that waits for the browser when the server is stopped', async () => {
    const server = await fixture();
    const harness = startManager(undefined, undefined, false);
    await addRemote(harness, server.url);
    const signingIn = harness.manager.signIn(NAME);
    await eventually(() => harness.opened.length === 1);
    const waiting = harness.manager.list()[0]?.status;
    expect(waiting).toMatchObject({ signIn: 'waiting', signInUrl: harness.opened[0] });

    await harness.manager.stop(NAME);
    const status = await signingIn;
    expect(status.state).toBe('stopped');
    expect(status.error).toBeUndefined();
    expect(status.signIn).toBe('required');
    expect(server.tokenRequests).toEqual([]);
  });

  it('refuses a sign-in page or token endpoint that is not a web address', async () => {
    const cases: Record<string, string>[] = [
      { authorization_endpoint: 'file:///etc/passwd' },
      { token_endpoint: 'file:///etc/passwd' },
    ];
    for (const overrides of cases) {
      const server = await fixture({ metadataOverrides: overrides });
      const harness = startManager();
      await addRemote(harness, server.url);
      const status = await harness.manager.signIn(NAME);
      expect(status.state).toBe('error');
      expect(status.error).toMatch(/Hearth refused an address .*file:/);
      if ('authorization_endpoint' in overrides) expect(harness.opened).toEqual([]);
      await harness.manager.dispose();
    }
  });
});

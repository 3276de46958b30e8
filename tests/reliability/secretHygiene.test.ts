import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEncryptedFileVault } from '../../electron/core/secrets/secretVault';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth/oauthServer';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';
import { fixtureCommand } from '../support/mcpFixtures';
import { REPO_ROOT } from '../support/serveProcess';
import { tempDir } from '../support/testHost';
import { scanFolder, scanTexts, watchProcesses, type Hit } from './support/secretScan';

// A canary password through sudo, a canary token as a server's secret environment variable, and
// the OAuth tokens a real loopback authorization server issues; then every place a secret could
// leak is searched: zero hits, apart from the one environment variable the secret is for.
const PASSWORD = `canary-pw-${randomBytes(6).toString('hex')}`;
const SERVER_TOKEN = `canary-env-${randomBytes(6).toString('hex')}`;
const SUDO_COMMAND = 'cd / && sudo echo elevated';

/** Stands in for safeStorage, so the secrets file exists and is searched too. */
const toyCipher = {
  encrypt: (plain: string) => Buffer.from(plain, 'utf8').map((byte) => byte ^ 0x5a),
  decrypt: (encrypted: Buffer) =>
    Buffer.from(encrypted.map((byte) => byte ^ 0x5a)).toString('utf8'),
};

let chat: ChatHarness | undefined;
let oauth: OAuthFixture | undefined;
let saved: NodeJS.ProcessEnv;
beforeEach(() => {
  saved = { ...process.env };
  const records = tempDir('sudo');
  process.env.PATH = `${join(REPO_ROOT, 'tests', 'fixtures', 'fakeSudo')}:${process.env.PATH ?? ''}`;
  process.env.FAKE_SUDO_LOG = join(records, 'argv');
  process.env.FAKE_SUDO_STDIN = join(records, 'stdin');
  process.env.FAKE_SUDO_PASSWORD = PASSWORD;
});
afterEach(async () => {
  await chat?.close();
  await oauth?.close();
  chat = undefined;
  oauth = undefined;
  process.env = saved;
});

async function answerEveryQuestion(harness: ChatHarness, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => (done = true));
  const answered = new Set<unknown>();
  while (!done) {
    for (const event of harness.events) {
      const id = event.payload.requestId;
      if (answered.has(id)) continue;
      if (event.channel === 'approval:request') {
        answered.add(id);
        await harness.api.approval.respond(String(id), { decision: 'once' });
      }
      if (event.channel === 'sudo:request') {
        answered.add(id);
        await harness.api.sudo.respond(String(id), PASSWORD);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('secret hygiene', () => {
  it('finds no canary in files, logs, the database, model requests, argv or environments', async () => {
    const watch = watchProcesses();
    const dataDir = tempDir('secrets');
    oauth = await startOAuthFixture();
    chat = await startChatHarness({
      dataDir,
      script: [
        toolCall('hearth_run_shell_command', { command: SUDO_COMMAND }),
        toolCall('fixture_echo', { text: 'hello' }),
        toolCall('remote_whoami', {}),
        plainAnswer('All done.'),
      ],
      host: {
        vault: createEncryptedFileVault(join(dataDir, 'secrets.json'), toyCipher),
        // The "user" follows the sign-in page, as the system browser would.
        openExternal: async (url) => {
          await fetch(url);
          return 'opened';
        },
      },
    });
    const command = fixtureCommand(['--tools=echo']);
    await chat.api.servers.save({
      name: 'fixture',
      transport: {
        type: 'stdio',
        command: command.command,
        args: command.args,
        env: [{ name: 'API_TOKEN', value: SERVER_TOKEN, secret: true }],
      },
    });
    await chat.api.servers.approveLaunch(
      'fixture',
      (await chat.api.servers.reviewLaunch('fixture')).fingerprint,
    );
    await chat.api.servers.save({
      name: 'remote',
      transport: { type: 'http', url: oauth.url, protocol: 'streamable-http' },
    });
    expect(await chat.api.servers.signIn('remote')).toMatchObject({ state: 'ready' });
    const turn = chat.turn('do the three things');
    await answerEveryQuestion(chat, turn);
    expect((await turn).status.state).toBe('done');
    await chat.api.servers.restart('fixture');
    const toolResults = chat.ollama
      .chatRequests()
      .at(-1)
      ?.messages?.filter((message) => message.role === 'tool')
      .map((message) => message.content);
    expect(toolResults).toEqual([
      expect.stringContaining('elevated'),
      'hello',
      expect.stringContaining('mcp:read'),
    ]);

    const canaries = [PASSWORD, SERVER_TOKEN, ...oauth.issued];
    expect(oauth.issued.length).toBeGreaterThanOrEqual(2);
    const texts = {
      log: chat.host.logLines.join('\n'),
      'requests to Ollama': JSON.stringify(chat.ollama.requests),
      'events to the page': JSON.stringify(chat.events),
    };
    await chat.close();
    chat = undefined;
    const hits: Hit[] = [
      ...scanFolder(dataDir, canaries),
      ...scanTexts(texts, canaries),
      ...watch.stop(canaries, {
        env: (record, name, canary) =>
          // The server's own secret, in the server's environment: where it belongs.
          (name === 'API_TOKEN' &&
            canary === SERVER_TOKEN &&
            record.argv.join(' ').includes('fixtureServer')) ||
          // The fake sudo's expected password, put in the environment by this test.
          (name === 'FAKE_SUDO_PASSWORD' && canary === PASSWORD),
      }),
    ];
    expect(hits).toEqual([]);
    expect(watch.spawned.length).toBeGreaterThan(2);
  });
});

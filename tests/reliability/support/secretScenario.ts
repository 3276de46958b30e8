/**
 * The secret hygiene run, shared by the fast test and the soak: a canary sudo password, a canary
 * secret environment variable of a stdio server, and the OAuth tokens a loopback authorization
 * server issues go through a real chat turn and a server restart; then every place a secret could
 * leak is searched (see secretScan). Hits are returned, not asserted.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createEncryptedFileVault } from '../../../electron/core/secrets/secretVault';
import { plainAnswer, toolCall } from '../../fixtures/fakeOllama';
import { startOAuthFixture } from '../../fixtures/oauth/oauthServer';
import { startChatHarness, type ChatHarness } from '../../support/chatHarness';
import { fixtureCommand } from '../../support/mcpFixtures';
import { tempDir } from '../../support/testHost';
import { scanFolder, scanTexts, watchProcesses, type Hit } from './secretScan';
import { fakeSudoFolder } from '../../support/fakeSudo';

const SUDO_COMMAND = 'cd / && sudo echo elevated';

/** Stands in for safeStorage, so the secrets file exists and is searched too. */
const toyCipher = {
  encrypt: (plain: string) => Buffer.from(Buffer.from(plain, 'utf8').map((byte) => byte ^ 0x5a)),
  decrypt: (encrypted: Buffer) =>
    Buffer.from(encrypted.map((byte) => byte ^ 0x5a)).toString('utf8'),
};

export interface SecretRun {
  hits: Hit[];
  /** The tool results the model got, to show the run did what it should. */
  toolResults: string[];
  tokensIssued: number;
  processesSpawned: number;
  dataDir: string;
}

export async function runSecretScenario(): Promise<SecretRun> {
  const password = `canary-pw-${randomBytes(6).toString('hex')}`;
  const serverToken = `canary-env-${randomBytes(6).toString('hex')}`;
  const savedEnv = { ...process.env };
  const records = tempDir('sudo');
  const sudo = fakeSudoFolder({
    password,
    log: join(records, 'argv'),
    stdin: join(records, 'stdin'),
  });
  process.env.PATH = `${sudo}:${process.env.PATH ?? ''}`;
  const watch = watchProcesses();
  const dataDir = tempDir('secrets');
  const oauth = await startOAuthFixture();
  let chat: ChatHarness | undefined;
  try {
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
        env: [{ name: 'API_TOKEN', value: serverToken, secret: true }],
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
    await chat.api.servers.signIn('remote');
    const turn = chat.turn('do the three things');
    await answerEveryQuestion(chat, turn, password);
    await turn;
    await chat.api.servers.restart('fixture');
    const toolResults =
      chat.ollama
        .chatRequests()
        .at(-1)
        ?.messages?.filter((message) => message.role === 'tool')
        .map((message) => message.content) ?? [];
    const canaries = [password, serverToken, ...oauth.issued];
    const texts = {
      log: chat.host.logLines.join('\n'),
      'requests to Ollama': JSON.stringify(chat.ollama.requests),
      'events to the page': JSON.stringify(chat.events),
    };
    await chat.close();
    chat = undefined;
    const hits = [
      ...scanFolder(dataDir, canaries),
      ...scanTexts(texts, canaries),
      ...watch.stop(canaries, {
        env: (record, name, canary) =>
          // The server's own secret, in the server's environment: where it belongs.
          (name === 'API_TOKEN' &&
            canary === serverToken &&
            record.argv.join(' ').includes('fixtureServer')) ||
          // The fake sudo's expected password, put in the environment by this run itself.
          (name === 'FAKE_SUDO_PASSWORD' && canary === password),
      }),
    ];
    return {
      hits,
      toolResults,
      tokensIssued: oauth.issued.length,
      processesSpawned: watch.spawned.length,
      dataDir,
    };
  } finally {
    watch.stop([], { env: () => true });
    await chat?.close();
    await oauth.close();
    process.env = savedEnv;
  }
}

/** Allows every tool call once and gives the password, until `until` settles. */
async function answerEveryQuestion(
  harness: ChatHarness,
  until: Promise<unknown>,
  password: string,
) {
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
        await harness.api.sudo.respond(String(id), password);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

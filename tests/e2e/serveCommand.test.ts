import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startServe, type ServeProcess, URL_LINE } from '../support/serveProcess';
import { tempDir } from '../support/testHost';

let serve: ServeProcess | undefined;
afterEach(async () => {
  await serve?.stop();
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('npm run serve', () => {
  it('builds, starts on the port asked for, and prints the one URL line', async () => {
    const port = await freePort();
    serve = await startServe(
      'npm',
      ['run', '--silent', 'serve', '--', '--port', String(port), '--data-dir', tempDir('serve')],
      120_000,
    );
    expect(`Hearth is running at ${serve.url}`).toMatch(URL_LINE);
    expect(serve.url).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${port}/\\?token=[A-Za-z0-9_-]{32}$`),
    );
    const withoutToken = await fetch(`http://127.0.0.1:${port}/`);
    expect(withoutToken.status).toBe(401);
    const withToken = await fetch(serve.url);
    expect(withToken.status).toBe(200);
    expect(await withToken.text()).toContain('<div id="root">');
  });

  it('explains a port that is taken', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => blocker.once('listening', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      await expect(
        startServe('node', [
          'out/main/headless.js',
          '--port',
          String(port),
          '--data-dir',
          tempDir('serve'),
        ]),
      ).rejects.toThrow(`Hearth could not start: port ${port} is already in use`);
    } finally {
      blocker.close();
    }
  });
});

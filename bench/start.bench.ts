/**
 * Starting Hearth with 10 servers configured (approved stdio servers that start with it): from
 * launching the built browser host (`node out/main/headless.js`, what `npm run serve` runs once
 * the build is done) to its URL line (`start.to_url_ms`, target < 1,500), and from opening that
 * address in Chromium to a page the user can type in (`start.url_to_interactive_ms`, target
 * < 500), and to all ten servers ready (`start.url_to_servers_ready_ms`: they start once the
 * page is up). Medians of cold starts of the same data folder, after one start that warms
 * Chromium up.
 *
 * The page itself records when it became usable, on its own clock from the start of the
 * navigation: the message field is there and enabled, a frame shows it, and the first task after
 * that frame has run (a key pressed then is handled); it logs that time to the console. Asking
 * from outside instead (Playwright's waitFor and waitForFunction, as this bench did) added its own
 * round trips and scripts: 200 to 450 ms after the field was ready while the servers start on two
 * cores, and most of the noise.
 */
import { performance } from 'node:perf_hooks';
import { addApprovedServer } from '../tests/support/fixtureServerSetup';
import { fixtureCommand } from '../tests/support/mcpFixtures';
import { connectToServe } from '../tests/support/rendererBridge';
import { launchChromium } from '../tests/support/chromium';
import { startBuiltHost } from '../tests/support/serveProcess';
import { tempDir } from '../tests/support/testHost';
import { percentile, round, type Figure } from './figures';
import { buildApp } from './support/browserPage';
import { serversReady } from './support/serversReady';

const SERVERS = 10;
/** Enough runs that the median holds still while ten servers start beside the page. */
const RUNS = 21;

/** What the page logs when its message field is ready, then ms since the navigation started. */
const READY_LINE = 'hearth-bench: message field ready at';

/**
 * Installed before the page's scripts. It logs rather than waits to be asked, so nothing of the
 * bench's (Playwright evaluates its own script in the page on its first question) runs in the
 * page before the moment is recorded.
 */
const FIELD_READY = `
  new MutationObserver((_, observer) => {
    const field = document.querySelector('textarea[aria-label="Message"]');
    if (!field || field.disabled) return;
    observer.disconnect();
    requestAnimationFrame(() =>
      setTimeout(() => console.debug('${READY_LINE} ' + performance.now())),
    );
  }).observe(document, { childList: true, subtree: true, attributes: true });
`;

async function configureServers(dataDir: string): Promise<void> {
  const host = await startBuiltHost(dataDir);
  const { api, transport } = connectToServe(host);
  try {
    for (let index = 0; index < SERVERS; index++)
      await addApprovedServer(
        api,
        `server-${index}`,
        fixtureCommand([`--name=server-${index}`, '--tools=echo,add']),
      );
  } finally {
    transport.close();
    await host.stop();
  }
}

/** When (on this process's clock) every configured server of the host is ready. */
async function allReady(host: Awaited<ReturnType<typeof startBuiltHost>>): Promise<number> {
  const { api, transport } = connectToServe(host);
  try {
    return await serversReady(api, SERVERS, 10);
  } finally {
    transport.close();
  }
}

export async function run(): Promise<Figure[]> {
  buildApp();
  const dataDir = tempDir('start-bench');
  await configureServers(dataDir);
  const browser = await launchChromium();
  const toUrl: number[] = [];
  const toInteractive: number[] = [];
  const toServersReady: number[] = [];
  try {
    // The first start is a warm-up, not counted: Chromium's own first page is slow.
    for (let run = -1; run < RUNS; run++) {
      const launched = performance.now();
      const host = await startBuiltHost(dataDir);
      const urlAfter = performance.now() - launched;
      const page = await browser.newPage({ viewport: { width: 1280, height: 820 } });
      try {
        await page.addInitScript(FIELD_READY);
        const [readyLine] = await Promise.all([
          page.waitForEvent('console', {
            predicate: (message) => message.text().startsWith(READY_LINE),
          }),
          page.goto(host.url),
        ]);
        const ready = Number(readyLine.text().slice(READY_LINE.length));
        // Not timed: the field really takes what is typed.
        const field = page.getByRole('textbox', { name: 'Message' });
        await field.pressSequentially('hi');
        if ((await field.inputValue()) !== 'hi')
          throw new Error('The message field took no input.');
        const serversReady = (await allReady(host)) - (launched + urlAfter);
        if (run < 0) continue;
        toUrl.push(urlAfter);
        toInteractive.push(ready);
        toServersReady.push(serversReady);
      } finally {
        await page.close();
        await host.stop();
      }
    }
  } finally {
    await browser.close();
  }
  return [
    {
      name: 'start.to_url_ms',
      value: round(percentile(toUrl, 50), 1),
      unit: `ms (median of ${RUNS}, ${SERVERS} servers configured; target < 1500)`,
    },
    {
      name: 'start.url_to_interactive_ms',
      value: round(percentile(toInteractive, 50), 1),
      unit: `ms (median of ${RUNS}, as the page records it; target < 500)`,
    },
    {
      name: 'start.url_to_servers_ready_ms',
      value: round(percentile(toServersReady, 50), 1),
      unit: `ms (median of ${RUNS}: all ${SERVERS} servers ready; they start once the page is up)`,
    },
    {
      name: 'start.url_to_interactive_p90_ms',
      value: round(percentile(toInteractive, 90), 1),
      unit: `ms (90th percentile of the same ${RUNS})`,
    },
  ];
}

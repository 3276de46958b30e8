/**
 * Starting Hearth with 10 servers configured (approved stdio servers that start with it): from
 * launching the built browser host (`node out/main/headless.js`, what `npm run serve` runs once
 * the build is done) to its URL line (`start.to_url_ms`, target < 1,500), and from opening that
 * address in Chromium to a page the user can type in (`start.url_to_interactive_ms`, target
 * < 500). Medians of a few cold starts of the same data folder.
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

const SERVERS = 10;
const RUNS = 5;

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

export async function run(): Promise<Figure[]> {
  buildApp();
  const dataDir = tempDir('start-bench');
  await configureServers(dataDir);
  const browser = await launchChromium();
  const toUrl: number[] = [];
  const toInteractive: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const launched = performance.now();
      const host = await startBuiltHost(dataDir);
      toUrl.push(performance.now() - launched);
      const page = await browser.newPage({ viewport: { width: 1280, height: 820 } });
      try {
        const opened = performance.now();
        await page.goto(host.url);
        // Interactive: the message field is there and takes input.
        const field = page.getByRole('textbox', { name: 'Message' });
        await field.waitFor();
        await page.waitForFunction(
          `(() => { const field = document.querySelector('textarea'); return !!field && !field.disabled; })()`,
        );
        toInteractive.push(performance.now() - opened);
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
      unit: `ms (median of ${RUNS}; target < 500)`,
    },
  ];
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { methodPath } from '../../preload/api';
import { eventChannelNames, invokeChannelNames } from '../../preload/channels';
import { REPO_ROOT } from '../support/serveProcess';

const OUT = join(REPO_ROOT, 'out');

describe('the built app', () => {
  it('has a sandbox-ready preload: one CommonJS script that needs nothing but electron', () => {
    const source = readFileSync(join(OUT, 'preload', 'index.cjs'), 'utf8');
    const required: string[] = [];
    const exposed = new Map<string, Record<string, object>>();
    const fakeElectron = {
      contextBridge: {
        exposeInMainWorld: (name: string, value: Record<string, object>) =>
          exposed.set(name, value),
      },
      ipcRenderer: {
        invoke: async () => undefined,
        on: () => undefined,
        removeListener: () => undefined,
      },
    };
    const module = { exports: {} };
    // A sandboxed preload gets `require` for 'electron' only; anything else would throw there.
    runInNewContext(source, {
      module,
      exports: module.exports,
      require: (name: string) => {
        required.push(name);
        if (name !== 'electron') throw new Error(`a sandboxed preload cannot require "${name}"`);
        return fakeElectron;
      },
    });
    expect([...new Set(required)]).toEqual(['electron']);
    const hearth = exposed.get('hearth') ?? {};
    const methods = Object.entries(hearth).flatMap(([domain, table]) =>
      Object.keys(table).map((name) => `${domain}.${name}`),
    );
    const expected = [...invokeChannelNames, ...eventChannelNames].map((channel) =>
      methodPath(channel).join('.'),
    );
    expect(methods.sort()).toEqual(expected.sort());
  });

  it('ships the production CSP inside the page as well', () => {
    const html = readFileSync(join(OUT, 'renderer', 'index.html'), 'utf8');
    const meta =
      /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(meta.replaceAll('&#39;', "'")).toContain("script-src 'self';");
    expect(meta).not.toContain('unsafe');
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
  });

  it('keeps zod’s full build and the contract’s schemas out of the page’s first script', () => {
    // Building every schema took a fifth of the time to a usable page (start.url_to_interactive_ms);
    // the page's first screen needs only the channel names and the wire's own check.
    const html = readFileSync(join(OUT, 'renderer', 'index.html'), 'utf8');
    const entry = /<script type="module" crossorigin src="\.\/([^"]+)"/.exec(html)?.[1] ?? '';
    const script = readFileSync(join(OUT, 'renderer', entry), 'utf8');
    // zod names each schema class; the full build's are ZodObject and so on, zod/mini's ZodMini….
    expect(script).toMatch(/[`'"]ZodMiniObject[`'"]/);
    expect(script).not.toMatch(/[`'"]ZodObject[`'"]/);
    expect(script).not.toContain('Use a duration such as 5m');
  });

  it('keeps Electron out of the browser host’s bundle', () => {
    const headless = readFileSync(join(OUT, 'main', 'headless.js'), 'utf8');
    expect(headless).not.toMatch(/from ["']electron["']|require\(["']electron["']\)/);
  });
});

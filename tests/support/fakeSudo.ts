/**
 * The fake `sudo` (tests/fixtures/fakeSudo) behind a wrapper that carries its settings: a command
 * run with sudo gets only a minimal environment from Hearth (as real sudo's env_reset would give
 * it), so the fake's settings cannot travel in Hearth's environment. Put the returned folder
 * first on PATH.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { quote } from 'shell-quote';
import { REPO_ROOT } from './serveProcess';
import { tempDir } from './testHost';

const FAKE_SUDO = join(REPO_ROOT, 'tests', 'fixtures', 'fakeSudo', 'sudo');

export function fakeSudoFolder(settings: {
  password: string;
  log?: string;
  stdin?: string;
}): string {
  const folder = tempDir('fake-sudo-bin');
  const variables = {
    FAKE_SUDO_PASSWORD: settings.password,
    ...(settings.log ? { FAKE_SUDO_LOG: settings.log } : {}),
    ...(settings.stdin ? { FAKE_SUDO_STDIN: settings.stdin } : {}),
  };
  const lines = [
    '#!/bin/sh',
    // Inside, as "root", the fake runs sudo again without any of these: keep its own check.
    'if [ "${FAKE_SUDO_ROOT:-}" = 1 ]; then exec ' + quote([FAKE_SUDO]) + ' "$@"; fi',
    ...Object.entries(variables).map(
      ([name, value]) => `${name}=${quote([value])}; export ${name}`,
    ),
    `exec ${quote([FAKE_SUDO])} "$@"`,
  ];
  const wrapper = join(folder, 'sudo');
  writeFileSync(wrapper, `${lines.join('\n')}\n`);
  chmodSync(wrapper, 0o755);
  return folder;
}

/**
 * A stand-in for fpm, the tool electron-builder builds the deb with (handed to it through
 * CUSTOM_FPM_PATH, app-builder-lib out/toolsets/linux.js `getFpmPath`), for machines that cannot
 * download the real one. It does what fpm's `dir` source does with the arguments
 * electron-builder passes (app-builder-lib out/targets/FpmTarget.js): each `source=destination`
 * path is placed at that destination in the package tree (fpm docs, "dir - Local Files",
 * path mapping), here into `<package>.staged/` instead of a .deb, and the options (name,
 * dependencies, maintainer scripts) are written to `<package>.fpm.json`.
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PROGRAM = `
const { cpSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const args = process.argv.slice(2);
const options = {};
const mappings = [];
for (let index = 0; index < args.length; index++) {
  const arg = args[index];
  if (arg.startsWith('-')) {
    const next = args[index + 1];
    const flag = ['--force', '--debug'].includes(arg) || next === undefined || next.startsWith('--');
    const value = flag ? true : args[++index];
    (options[arg] ??= []).push(value);
  } else mappings.push(arg);
}
const output = options['--package'][0];
const staged = output + '.staged';
for (const mapping of mappings) {
  const at = mapping.lastIndexOf('=');
  const from = mapping.slice(0, at);
  const to = join(staged, mapping.slice(at + 1));
  mkdirSync(dirname(to), { recursive: true });
  cpSync(from.replace(/\\/$/, ''), to, { recursive: true, verbatimSymlinks: true });
}
const scripts = {};
for (const key of ['--after-install', '--after-remove'])
  if (options[key]) scripts[key] = readFileSync(options[key][0], 'utf8');
writeFileSync(output + '.fpm.json', JSON.stringify({ options, mappings, scripts }, null, 2));
writeFileSync(output, 'A stand-in for a .deb: see the .staged folder beside it.\\n');
`;

/** Writes the stand-in and returns its path, for CUSTOM_FPM_PATH. */
export function standInFpm(node = process.execPath): string {
  const folder = mkdtempSync(join(tmpdir(), 'hearth-fpm-'));
  const path = join(folder, 'fpm');
  writeFileSync(path, `#!${node}\n${PROGRAM}`);
  chmodSync(path, 0o755);
  return path;
}

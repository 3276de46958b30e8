import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleFileFromArguments } from '../../../electron/core/bundles/bundleArguments';

describe('the bundle a command line names', () => {
  const cwd = resolve('/work/somewhere');
  it('takes --install FILE and --install=FILE, relative to the folder it ran in', () => {
    expect(bundleFileFromArguments(['hearth', '--install', 'a.mcpb'], cwd)).toBe(
      resolve(cwd, 'a.mcpb'),
    );
    expect(bundleFileFromArguments(['hearth', '--install=/tmp/b.mcpb'], cwd)).toBe(
      resolve('/tmp/b.mcpb'),
    );
  });

  it('takes a bare .mcpb or .dxt path, as the system passes an opened file', () => {
    expect(bundleFileFromArguments(['/opt/Hearth/hearth', '/home/u/Downloads/x.MCPB'], cwd)).toBe(
      resolve('/home/u/Downloads/x.MCPB'),
    );
    expect(bundleFileFromArguments(['electron', '.', 'old.dxt'], cwd)).toBe(
      resolve(cwd, 'old.dxt'),
    );
  });

  it('finds none in an ordinary start, a quick chat, or --install without a file', () => {
    expect(bundleFileFromArguments(['hearth'], cwd)).toBeUndefined();
    expect(bundleFileFromArguments(['hearth', '--quick-chat'], cwd)).toBeUndefined();
    expect(bundleFileFromArguments(['hearth', '--install'], cwd)).toBeUndefined();
  });
});

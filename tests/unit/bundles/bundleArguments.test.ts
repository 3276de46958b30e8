import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleFileFromArguments } from '../../../electron/core/bundles/bundleArguments';
import { nodeSatisfies } from '../../../electron/core/bundles/bundleService';

describe('the bundle a command line names', () => {
  const cwd = resolve('/projects/somewhere');
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

describe('the Node.js a bundle asks for', () => {
  it('compares the lowest version a range asks for with the Node Hearth runs bundles on', () => {
    expect(nodeSatisfies('>=18.0.0', '22.12.0')).toBe(true);
    expect(nodeSatisfies('^22.13', '22.12.0')).toBe(false);
    expect(nodeSatisfies('>=25', '24.1.0')).toBe(false);
    expect(nodeSatisfies('anything', '22.12.0')).toBe(true);
  });
});

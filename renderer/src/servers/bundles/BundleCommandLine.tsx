/**
 * The command line a bundle's server will run, as Hearth starts it: the program, then each
 * argument on its own line (an argument with spaces stays one). A shell, or an interpreter from
 * outside the bundle, is marked: it runs whatever its arguments say, so those are what to read.
 */
import type { BundleCommandLine as CommandLine } from '../../../../preload/schemas/bundles';
import { revealHidden } from '../../lib/revealHidden';
import { Badge } from '../../ui/Badge';

const MARKS: Partial<Record<CommandLine['kind'], string>> = {
  shell: 'Shell: runs the command text it is given',
  interpreter: 'Interpreter from outside the bundle',
};

export function BundleCommandLine({ line }: { line: CommandLine }) {
  const mark = MARKS[line.kind];
  return (
    <div className="bundle-command">
      {mark && <Badge tone="bad">{mark}</Badge>}
      <pre className="code" role="group" aria-label="Command line">
        {[line.command, ...line.args].map((part, index) => (
          <span key={index} className="bundle-command-part">
            {revealHidden(part)}
          </span>
        ))}
      </pre>
    </div>
  );
}

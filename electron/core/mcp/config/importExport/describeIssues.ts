/**
 * Turns schema failures on a converted server into a sentence that names the part of the entry
 * at fault the way the user wrote it ("environment variable “MY-VAR”"), not as a schema path.
 */
import type { z } from 'zod';
import type { ServerConfigInput } from '../../../../../preload/schemas/servers';
import { quote } from './words';

type Issue = z.ZodError['issues'][number];

/** Enough to fix the entry; a long list of problems would only bury the first. */
const MAX_ISSUES_SHOWN = 3;

/** One sentence per problem, starting "Hearth cannot use …". */
export function describeIssues(issues: readonly Issue[], config: ServerConfigInput): string {
  const sentences = issues
    .slice(0, MAX_ISSUES_SHOWN)
    .map(
      (issue) =>
        `Hearth cannot use ${describePath(issue.path, config)}: ${lowerFirst(issue.message)}`,
    )
    .map((sentence) => (/[.!?]$/.test(sentence) ? sentence : `${sentence}.`));
  return [...new Set(sentences)].join(' ');
}

function describePath(path: readonly PropertyKey[], config: ServerConfigInput): string {
  const [top, field, index] = path;
  if (top === 'name') return 'the name';
  if (top !== 'transport') return 'this entry';
  const transport = config.transport;
  if (typeof index === 'number') {
    if (field === 'args' && transport.type === 'stdio') return `argument ${index + 1}`;
    if (field === 'env' && transport.type === 'stdio') {
      return `environment variable ${quote(transport.env?.[index]?.name ?? '')}`;
    }
    if (field === 'headers' && transport.type === 'http') {
      return `header ${quote(transport.headers?.[index]?.name ?? '')}`;
    }
  }
  if (field === 'command') return 'the command';
  if (field === 'url') return 'the url';
  if (field === 'cwd') return 'the working directory';
  if (field === 'args') return 'the arguments';
  if (field === 'env') return 'the environment variables';
  if (field === 'headers') return 'the headers';
  return 'this entry';
}

/** "Variable names use…" reads better mid-sentence as "variable names use…"; "URL…" stays. */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

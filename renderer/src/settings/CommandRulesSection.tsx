/**
 * The shell commands that run without asking: each rule allows one exact command, or the
 * commands that start with a program and subcommand. Made from the approval dialog, and shown,
 * edited, added and removed here. Main checks every rule (no shell, sudo or shell syntax in a
 * prefix) and says why it refuses one.
 */
import { useEffect, useState } from 'react';
import type { Api } from '../../../preload/api';
import type { CommandRuleEntry } from '../../../preload/schemas/chat';
import { messageOf } from '../lib/hooks';
import { InlineError } from '../ui/InlineError';
import { Section } from './fields';

/** Where new rules go unless the user names another tool: Hearth's own shell tool. */
const BUILTIN_SHELL = { server: 'hearth', tool: 'run_shell_command' };

/** Most rules are for the built-in shell tool, said once above the list rather than on each. */
const isBuiltinShell = (rule: { server: string; tool: string }) =>
  rule.server === BUILTIN_SHELL.server && rule.tool === BUILTIN_SHELL.tool;

const KIND_LABEL: Record<CommandRuleEntry['kind'], string> = {
  exact: 'Exactly',
  prefix: 'Starts with',
};

export function CommandRulesSection({ api }: { api: Api }) {
  const [rules, setRules] = useState<CommandRuleEntry[]>();
  const [problem, setProblem] = useState<string>();
  const [editing, setEditing] = useState<CommandRuleEntry>();

  useEffect(() => {
    let live = true;
    api.commandRules.list().then(
      (found) => live && setRules(found),
      (reason: unknown) => live && setProblem(`Could not read the rules: ${messageOf(reason)}`),
    );
    return () => void (live = false);
  }, [api]);

  /** Runs a change; true when main took it. */
  const change = async (work: () => Promise<CommandRuleEntry[]>) => {
    try {
      setRules(await work());
      setProblem(undefined);
      return true;
    } catch (reason) {
      setProblem(messageOf(reason));
      return false;
    }
  };
  // An edit is the new rule added, then the old one removed: a refused edit loses nothing.
  const save = async (rule: CommandRuleEntry, replacing?: CommandRuleEntry) =>
    (await change(() => api.commandRules.add(rule))) &&
    (!replacing || (await change(() => api.commandRules.remove(replacing))));

  return (
    <Section title="Allowed shell commands">
      <p className="muted">
        These run in Hearth’s own shell tool without asking (a rule for another server’s tool names
        that tool). A “starts with” rule never covers a command with pipes, <code>;</code>,{' '}
        <code>&amp;&amp;</code>, redirections, substitutions or sudo: those always ask.
      </p>
      {rules && rules.length === 0 && <p className="muted">No commands are allowed yet.</p>}
      {rules && rules.length > 0 && (
        <ul className="command-rules" aria-label="Allowed shell commands">
          {rules.map((rule) => (
            <li key={`${rule.server}\0${rule.tool}\0${rule.kind}\0${rule.text}`}>
              {editing === rule ? (
                <RuleForm
                  initial={rule}
                  submitLabel="Save"
                  onSubmit={async (next) => (await save(next, rule)) && setEditing(undefined)}
                  onCancel={() => setEditing(undefined)}
                />
              ) : (
                <div className="command-rule">
                  <span className="muted">{KIND_LABEL[rule.kind]}</span>
                  <code className="command-rule-text">{rule.text}</code>
                  {!isBuiltinShell(rule) && (
                    <span className="muted command-rule-tool">
                      in {rule.tool} of {rule.server}
                    </span>
                  )}
                  <button
                    type="button"
                    className="button small"
                    aria-label={`Edit ${rule.text}`}
                    onClick={() => setEditing(rule)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="button small"
                    aria-label={`Remove ${rule.text}`}
                    onClick={() => void change(() => api.commandRules.remove(rule))}
                  >
                    Remove
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {rules && (
        <details className="command-rule-add">
          <summary>Add a rule</summary>
          <RuleForm
            initial={{ ...BUILTIN_SHELL, kind: 'prefix', text: '' }}
            submitLabel="Add rule"
            onSubmit={(rule) => save(rule)}
          />
        </details>
      )}
      <InlineError message={problem} />
    </Section>
  );
}

function RuleForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: CommandRuleEntry;
  submitLabel: string;
  onSubmit(rule: CommandRuleEntry): Promise<unknown>;
  onCancel?(): void;
}) {
  const [kind, setKind] = useState(initial.kind);
  const [text, setText] = useState(initial.text);
  return (
    <form
      className="command-rule-form settings-inline"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) void onSubmit({ ...initial, kind, text });
      }}
    >
      <select
        aria-label="Kind of rule"
        className="input"
        value={kind}
        onChange={(event) => setKind(event.target.value as CommandRuleEntry['kind'])}
      >
        <option value="prefix">{KIND_LABEL.prefix}</option>
        <option value="exact">{KIND_LABEL.exact}</option>
      </select>
      <input
        aria-label={kind === 'prefix' ? 'Command starts with' : 'Exact command'}
        className="input"
        value={text}
        placeholder={kind === 'prefix' ? 'git status' : 'npm test'}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="button small" disabled={!text.trim()}>
        {submitLabel}
      </button>
      {onCancel && (
        <button type="button" className="button small" onClick={onCancel}>
          Cancel
        </button>
      )}
    </form>
  );
}

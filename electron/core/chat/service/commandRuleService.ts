/**
 * The command rules as Settings shows them: list, add (checked: a prefix must be a program and
 * plain words) and remove. The approval gate reads the same store.
 */
import type { CommandRuleEntry } from '../../../../preload/schemas/chat';
import { UserFacingError } from '../../bridge/errors';
import type { ConsentStore } from '../../mcp';
import { normaliseCommandRule } from '../toolCall/commandRuleMatch';

export interface CommandRuleService {
  list(): CommandRuleEntry[];
  /** Throws a sentence the user reads when the rule cannot be one. */
  add(rule: CommandRuleEntry): CommandRuleEntry[];
  remove(rule: CommandRuleEntry): CommandRuleEntry[];
}

export function createCommandRuleService(consent: ConsentStore): CommandRuleService {
  const list = () => consent.commandRules();
  return {
    list,
    add(rule) {
      const checked = normaliseCommandRule(rule);
      if (typeof checked === 'string') throw new UserFacingError(checked);
      consent.addCommandRule({ server: rule.server, tool: rule.tool, ...checked });
      return list();
    },
    remove(rule) {
      consent.removeCommandRule(rule);
      return list();
    },
  };
}

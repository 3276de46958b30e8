/**
 * Servers' requests for information from the user (MCP elicitation), answered through a dialog.
 * A form's answer goes back as the server asked; a URL is checked like any link and opened in
 * the system browser only when the user agrees.
 */
import type { ElicitResult } from '@modelcontextprotocol/client';
import type { UserQuestions } from '../../questions/userQuestions';
import type { LinkService } from '../../links';
import { checkExternalUrl } from '../../security/externalLinks';
import type { Elicit } from './serverRequests';

/** Longest message from a server shown in the dialog. */
const MAX_MESSAGE = 10_000;

export function createElicitationHandler(
  questions: Pick<UserQuestions, 'askElicitation'>,
  links: LinkService,
): Elicit {
  return async (server, params, signal): Promise<ElicitResult> => {
    const message = params.message.slice(0, MAX_MESSAGE);
    if ('url' in params && params.mode === 'url') {
      const check = checkExternalUrl(params.url);
      // A page Hearth would not open is not offered to the user at all.
      if (!check.ok) return { action: 'decline' };
      const answer = await questions.askElicitation(
        { server, message, mode: 'url', url: check.url },
        signal,
      );
      if (answer.action !== 'accept') return { action: answer.action };
      const opened = await links.open(check.url);
      return { action: opened.outcome === 'refused' ? 'decline' : 'accept' };
    }
    const requestedSchema =
      'requestedSchema' in params ? (params.requestedSchema as Record<string, unknown>) : {};
    const answer = await questions.askElicitation(
      { server, message, mode: 'form', requestedSchema },
      signal,
    );
    return answer.action === 'accept'
      ? { action: 'accept', content: answer.content ?? {} }
      : { action: answer.action };
  };
}

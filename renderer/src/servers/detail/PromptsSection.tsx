/**
 * A server's prompts, as the chat offers them after `/`: each with its title, description and
 * arguments (required ones marked). Shown only when the server is ready and declares prompts.
 */
import { useId } from 'react';
import type { ServerStatus } from '../../../../preload/schemas/servers';
import { useApi } from '../../lib/apiContext';
import { useOfferings } from '../../resources';

export function PromptsSection({ server, status }: { server: string; status: ServerStatus }) {
  const { offerings } = useOfferings(useApi());
  const headingId = useId();
  if (status.state !== 'ready' || !status.capabilities?.prompts) return null;
  const prompts = offerings.prompts.filter((prompt) => prompt.server === server);
  return (
    <section className="server-prompts" aria-labelledby={headingId}>
      <h3 id={headingId}>Prompts</h3>
      {prompts.length === 0 ? (
        <p className="muted">This server lists no prompts.</p>
      ) : (
        <>
          <p className="muted">Type / in a message to use one.</p>
          <ul className="prompt-list" aria-label="Prompts of the server">
            {prompts.map((prompt) => (
              <li key={prompt.name}>
                <code>/{prompt.name}</code>
                {prompt.title && prompt.title !== prompt.name && <span> {prompt.title}</span>}
                {prompt.description && <span className="muted"> — {prompt.description}</span>}
                {prompt.arguments.length > 0 && (
                  <span className="muted prompt-arguments">
                    {' '}
                    (
                    {prompt.arguments
                      .map((argument) => `${argument.name}${argument.required ? '*' : ''}`)
                      .join(', ')}
                    )
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * A server's resources and resource templates, with a preview of the one chosen (a template
 * once its variables are filled in), and a switch to watch it where the server can tell about
 * changes; a change reads the preview again.
 */
import { useEffect, useId, useState } from 'react';
import type { ServerStatus } from '../../../../preload/schemas/servers';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';
import {
  ArgumentForm,
  expandTemplate,
  ResourcePreview,
  templateVariables,
  useOfferings,
  type TemplateItem,
} from '../../resources';

type Chosen =
  { kind: 'resource'; uri: string; name: string } | { kind: 'template'; item: TemplateItem };

export function ResourcesTab({ server, status }: { server: string; status: ServerStatus }) {
  const api = useApi();
  const { offerings, completes } = useOfferings(api);
  const [chosen, setChosen] = useState<Chosen>();
  const headingId = useId();
  const resources = offerings.resources.filter((item) => item.server === server);
  const templates = offerings.resourceTemplates.filter((item) => item.server === server);
  if (status.state !== 'ready' || !status.capabilities?.resources) return null;
  const canWatch = status.capabilities.resourceSubscribe === true;

  return (
    <section className="server-resources" aria-labelledby={headingId}>
      <h3 id={headingId}>Resources</h3>
      {resources.length === 0 && templates.length === 0 && (
        <p className="muted">This server lists no resources.</p>
      )}
      <ul className="resource-list" aria-label="Resources of the server">
        {resources.map((item) => (
          <li key={item.uri}>
            <button
              type="button"
              className="link-button"
              aria-pressed={chosen?.kind === 'resource' && chosen.uri === item.uri}
              onClick={() =>
                setChosen({ kind: 'resource', uri: item.uri, name: item.title ?? item.name })
              }
            >
              {item.title ?? item.name}
            </button>
            <span className="muted">
              {' '}
              {item.mimeType ?? ''} · {item.uri}
            </span>
          </li>
        ))}
        {templates.map((item) => (
          <li key={item.uriTemplate}>
            <button
              type="button"
              className="link-button"
              aria-pressed={chosen?.kind === 'template' && chosen.item === item}
              onClick={() => setChosen({ kind: 'template', item })}
            >
              {item.title ?? item.name} (template)
            </button>
            <span className="muted"> {item.uriTemplate}</span>
          </li>
        ))}
      </ul>
      {chosen?.kind === 'template' && (
        <ArgumentForm
          key={chosen.item.uriTemplate}
          label={`Fill in ${chosen.item.name}`}
          heading={chosen.item.title ?? chosen.item.name}
          description={chosen.item.description}
          fields={templateVariables(chosen.item.uriTemplate).map((name) => ({
            name,
            required: true,
          }))}
          submitLabel="Preview"
          complete={
            completes.has(server)
              ? async (name, value, context) =>
                  (
                    await api.prompts.complete({
                      server,
                      ref: { type: 'ref/resource', uri: chosen.item.uriTemplate },
                      argument: { name, value },
                      context,
                    })
                  ).values
              : undefined
          }
          onSubmit={(values) =>
            setChosen({
              kind: 'resource',
              uri: expandTemplate(chosen.item.uriTemplate, values),
              name: chosen.item.title ?? chosen.item.name,
            })
          }
          onCancel={() => setChosen(undefined)}
        />
      )}
      {chosen?.kind === 'resource' && (
        <div className="resource-detail">
          <p>
            <strong>{chosen.name}</strong> <code className="muted">{chosen.uri}</code>
          </p>
          {canWatch && <WatchSwitch key={chosen.uri} server={server} uri={chosen.uri} />}
          <ResourcePreview key={chosen.uri} server={server} uri={chosen.uri} />
        </div>
      )}
    </section>
  );
}

/** Subscribes while on; unsubscribes when switched off or when another resource is shown. */
function WatchSwitch({ server, uri }: { server: string; uri: string }) {
  const api = useApi();
  const [on, setOn] = useState(false);
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    if (!on) return undefined;
    // Unsubscribe once the subscription is in place, however late it comes.
    const subscribed = api.resources.subscribe({ server, uri }).then(
      () => true,
      (reason: unknown) => {
        setProblem(messageOf(reason));
        setOn(false);
        return false;
      },
    );
    return () => {
      void subscribed.then(
        (done) => done && api.resources.unsubscribe({ server, uri }).catch(() => undefined),
      );
    };
  }, [api, on, server, uri]);
  return (
    <p>
      <label>
        <input type="checkbox" checked={on} onChange={(event) => setOn(event.target.checked)} />{' '}
        Watch for changes
      </label>
      {problem && (
        <span className="inline-error" role="alert">
          {' '}
          {problem}
        </span>
      )}
    </p>
  );
}

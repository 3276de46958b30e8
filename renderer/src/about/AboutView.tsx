/** What is running: versions, host and data folder, straight from main. */
import { useEffect, useState } from 'react';
import type { AppInfo } from '../../../preload/contract';
import { useApi } from '../lib/apiContext';
import { messageOf } from '../lib/hooks';
import { openLink } from '../lib/links';
import { InlineError } from '../ui/InlineError';

const LINKS = [
  { label: 'Model Context Protocol', url: 'https://modelcontextprotocol.io/' },
  { label: 'Ollama', url: 'https://ollama.com/' },
];

export function AboutView() {
  const api = useApi();
  const [info, setInfo] = useState<AppInfo>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    api.app.info().then(setInfo, (reason: unknown) => setError(messageOf(reason)));
  }, [api]);

  const follow = async (url: string) => setError(await openLink(api, url));

  return (
    <section className="view" aria-labelledby="about-title">
      <h1 id="about-title">About Hearth</h1>
      <p className="lead">A desktop home for local models that use tools from MCP servers.</p>
      <InlineError message={error} />
      {info && (
        <dl className="card facts" aria-label="App information">
          <dt>Version</dt>
          <dd>{info.version}</dd>
          <dt>Running as</dt>
          <dd>{info.host === 'electron' ? 'Desktop app' : 'Browser host'}</dd>
          <dt>Platform</dt>
          <dd>{info.platform}</dd>
          <dt>Node.js</dt>
          <dd>{info.versions.node}</dd>
          {info.versions.electron && (
            <>
              <dt>Electron</dt>
              <dd>{info.versions.electron}</dd>
            </>
          )}
          <dt>Data folder</dt>
          <dd>
            <code>{info.dataDir}</code>
          </dd>
        </dl>
      )}
      <ul className="links">
        {LINKS.map((link) => (
          <li key={link.url}>
            <a
              href={link.url}
              onClick={(event) => {
                event.preventDefault();
                void follow(link.url);
              }}
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

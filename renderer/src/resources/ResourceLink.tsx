/**
 * A resource link from a tool result. It opens the resource's preview in Hearth, read from the
 * server that returned it; it never navigates to the URI. An http(s) link goes through main's
 * checked open-external path instead.
 */
import { useState } from 'react';
import { useApi } from '../lib/apiContext';
import { openLink } from '../lib/links';
import { ResourcePreviewDialog } from './ResourcePreview';
import { InlineError } from '../ui/InlineError';

export function ResourceLink({ server, uri, name }: { server: string; uri: string; name: string }) {
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string>();
  const web = /^https?:\/\//i.test(uri);
  const onClick = async () => {
    if (!web) return setOpen(true);
    setProblem(await openLink(api, uri));
  };
  return (
    <div className="tool-card-resource">
      <button
        type="button"
        className="link-button"
        title={uri}
        disabled={!web && !server}
        onClick={() => void onClick()}
      >
        {web ? `Open ${name} in the browser` : `Open ${name}`}
      </button>
      <code className="muted"> {uri}</code>
      <InlineError message={problem} />
      {open && (
        <ResourcePreviewDialog
          server={server}
          uri={uri}
          name={name}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}

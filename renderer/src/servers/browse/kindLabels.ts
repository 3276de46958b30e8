/** What each way of installing is called in the list and the detail. */
import type { InstallKind } from '../../../../preload/schemas/registry';

export const KIND_LABELS: Record<InstallKind, string> = {
  npm: 'npm',
  pypi: 'PyPI',
  oci: 'Docker',
  mcpb: 'Bundle',
  nuget: 'NuGet',
  remote: 'Remote',
  other: 'Other',
};

/** The runtime doctor's names for what an option needs. */
export const RUNTIME_LABELS = { node: 'Node.js (npx)', uv: 'uv (uvx)', docker: 'Docker' } as const;

/**
 * The servers of the blind evaluation set: 31 more real MCP servers from the npm registry, none
 * of them in the tuning set, each exact-pinned as a dev dependency. Like the first set, none needs
 * a network or an account to list its tools; those that check a key at start get a placeholder.
 * The requests (requests.blind.json) were written from blindServers.md only: each server's name
 * and its npm description, never its tools.
 */
import { join } from 'node:path';
import type { ServerCommand } from '../../tests/support/mcpFixtures';
import { packageManifest } from './listing';
import { PLACEHOLDER, scratch, type BenchServer } from './servers';

/** The package's first bin script, run with this Node. */
function node(packageName: string, args: string[], env: Record<string, string>) {
  return (): ServerCommand => {
    const { bin } = packageManifest(packageName);
    const script = typeof bin === 'string' ? bin : Object.values(bin ?? {})[0];
    if (!script) throw new Error(`${packageName} has no bin entry`);
    const folder = join(import.meta.dirname, '..', '..', 'node_modules', packageName);
    return { command: process.execPath, args: [join(folder, script), ...args], env };
  };
}

const keyed = (name: string, packageName: string, env: Record<string, string>): BenchServer => ({
  name,
  packageName,
  command: node(packageName, [], env),
});

export const BLIND_SERVERS: readonly BenchServer[] = [
  keyed('jira', '@aashari/mcp-server-atlassian-jira', {
    ATLASSIAN_SITE_NAME: 'example',
    ATLASSIAN_USER_EMAIL: 'user@example.com',
    ATLASSIAN_API_TOKEN: PLACEHOLDER,
  }),
  keyed('googlesearch', '@adenot/mcp-google-search', {
    GOOGLE_API_KEY: PLACEHOLDER,
    GOOGLE_SEARCH_ENGINE_ID: PLACEHOLDER,
  }),
  keyed('amap', '@amap/amap-maps-mcp-server', { AMAP_MAPS_API_KEY: PLACEHOLDER }),
  keyed('chart', '@antv/mcp-server-chart', {}),
  keyed('bravesearch', '@brave/brave-search-mcp-server', { BRAVE_API_KEY: PLACEHOLDER }),
  keyed('pubmed', '@cyanheads/pubmed-mcp-server', {}),
  keyed('elasticsearch', '@elastic/mcp-server-elasticsearch', {
    ES_URL: 'http://127.0.0.1:1',
    ES_API_KEY: PLACEHOLDER,
  }),
  keyed('travel', '@gongrzhe/server-travelplanner-mcp', { GOOGLE_MAPS_API_KEY: PLACEHOLDER }),
  keyed('fetch', '@kazuph/mcp-fetch', {}),
  keyed('appledocs', '@kimsungwhee/apple-docs-mcp', {}),
  keyed('mapbox', '@mapbox/mcp-server', {
    MAPBOX_ACCESS_TOKEN: `pk.eyJ1IjoiZXhhbXBsZSJ9.${PLACEHOLDER}`,
  }),
  keyed('airbnb', '@openbnb/mcp-server-airbnb', {}),
  keyed('perplexity', '@perplexity-ai/mcp-server', { PERPLEXITY_API_KEY: PLACEHOLDER }),
  keyed('asana', '@roychri/mcp-server-asana', { ASANA_ACCESS_TOKEN: PLACEHOLDER }),
  keyed('email', '@skanda-yutori/mcp-send-email', {
    RESEND_API_KEY: PLACEHOLDER,
    SENDER_EMAIL_ADDRESS: 'user@example.com',
  }),
  keyed('context7', '@upstash/context7-mcp', {}),
  keyed('datadog', '@winor30/mcp-server-datadog', {
    DATADOG_API_KEY: PLACEHOLDER,
    DATADOG_APP_KEY: PLACEHOLDER,
  }),
  keyed('gitlab-community', '@zereight/mcp-gitlab', {
    GITLAB_PERSONAL_ACCESS_TOKEN: PLACEHOLDER,
    // Its default groups plus those its npm description names (pipelines, wiki, releases).
    GITLAB_TOOLSETS:
      'merge_requests,issues,repositories,branches,projects,labels,ci,groups,users,pipelines,milestones,wiki,releases',
  }),
  keyed('airtable', 'airtable-mcp-server', { AIRTABLE_API_KEY: PLACEHOLDER }),
  keyed('exa', 'exa-mcp-server', { EXA_API_KEY: PLACEHOLDER }),
  keyed('firecrawl', 'firecrawl-mcp', { FIRECRAWL_API_KEY: `fc-${PLACEHOLDER}` }),
  keyed('flights', 'flightradar-mcp-server', {}),
  keyed('hevy', 'hevy-mcp', { HEVY_API_KEY: PLACEHOLDER }),
  keyed('recipes', 'howtocook-mcp', {}),
  {
    name: 'obsidian',
    packageName: 'mcp-obsidian',
    command: () => node('mcp-obsidian', [scratch()], {})(),
  },
  keyed('searxng', 'mcp-searxng', { SEARXNG_URL: 'http://127.0.0.1:1' }),
  keyed('coderunner', 'mcp-server-code-runner', {}),
  keyed('kubernetes', 'mcp-server-kubernetes', {}),
  keyed('reddit', 'reddit-mcp-buddy', {}),
  keyed('tavily', 'tavily-mcp', { TAVILY_API_KEY: PLACEHOLDER }),
  keyed('time', 'time-mcp', {}),
];

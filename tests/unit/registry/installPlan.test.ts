import { describe, expect, it } from 'vitest';
import { defaultSandboxPolicy } from '../../../electron/core/sandbox';
import {
  buildConfig,
  isExactVersion,
  planOptions,
  type PlannedOption,
} from '../../../electron/core/registry/installPlan';
import {
  registryServerResponseSchema,
  type RegistryServerDetail,
} from '../../../electron/core/registry/registrySchemas';
import { EXAMPLES, MEMORY_VERSION, memoryServer } from '../../fixtures/registry/documents';

function entry(name: string): RegistryServerDetail {
  const found = [memoryServer(), ...EXAMPLES]
    .map((document) => registryServerResponseSchema.parse(document))
    .find((parsed) => parsed.server.name === name);
  if (!found) throw new Error(`no example ${name}`);
  return found.server;
}

function build(option: PlannedOption, values: Record<string, string>, name = 'Test') {
  if (!option.plan) throw new Error(`${option.option.label} has no plan: ${option.option.reason}`);
  return buildConfig(option.plan, values, name);
}

function only(name: string, index = 0): PlannedOption {
  const option = planOptions(entry(name))[index];
  if (!option) throw new Error('no option');
  return option;
}

describe('npm packages', () => {
  it('run with npx -y and the pinned version, the required variable a field that goes to env', () => {
    const option = only('io.github.modelcontextprotocol/server-memory');
    expect(option.option).toMatchObject({
      kind: 'npm',
      available: true,
      runtime: 'node',
      preview: `npx -y @modelcontextprotocol/server-memory@${MEMORY_VERSION}`,
    });
    expect(option.option.fields).toEqual([
      expect.objectContaining({
        id: 'env:MEMORY_FILE_PATH',
        target: 'env',
        required: true,
        secret: false,
        format: 'filepath',
      }),
    ]);
    expect(build(option, { 'env:MEMORY_FILE_PATH': ' /tmp/memory.jsonl ' })).toEqual({
      ok: true,
      config: {
        name: 'Test',
        transport: {
          type: 'stdio',
          command: 'npx',
          args: ['-y', `@modelcontextprotocol/server-memory@${MEMORY_VERSION}`],
          env: [{ name: 'MEMORY_FILE_PATH', value: '/tmp/memory.jsonl', secret: false }],
          // Installed from the registry: sandboxed by default.
          sandbox: defaultSandboxPolicy(),
        },
      },
    });
  });

  it('refuses to install without a required value, naming it', () => {
    const result = build(only('io.github.modelcontextprotocol/server-memory'), {});
    expect(result).toEqual({ ok: false, problems: ['MEMORY_FILE_PATH is required.'] });
  });

  it('keeps a secret variable a secret', () => {
    const result = build(only('io.modelcontextprotocol.anonymous/brave-search'), {
      'env:BRAVE_API_KEY': 'key with a space ',
    });
    expect(result.ok && result.config.transport).toMatchObject({
      env: [{ name: 'BRAVE_API_KEY', value: 'key with a space ', secret: true }],
    });
  });

  it('puts positional arguments after the package, their default taken when none is typed', () => {
    const result = build(only('io.github.modelcontextprotocol/filesystem'), {
      'env:LOG_LEVEL': '',
    });
    expect(result.ok && result.config.transport).toMatchObject({
      args: ['-y', '@modelcontextprotocol/server-filesystem@1.0.2', '/Users/username/Desktop'],
      env: [],
    });
  });

  it('checks choices, and leaves an optional named argument out with its flag', () => {
    const option = only('io.modelcontextprotocol.anonymous/hybrid-mcp');
    expect(option.option.preview).toBe('npx -y @example/hybrid-mcp-server@1.5.0 [--mode <--mode>]');
    expect(build(option, { 'argument:0': 'fast' })).toEqual({
      ok: false,
      problems: ['--mode must be one of local, cached, proxy.'],
    });
    const built = build(option, { 'argument:0': 'cached' });
    expect(built.ok && built.config.transport).toMatchObject({
      args: ['-y', '@example/hybrid-mcp-server@1.5.0', '--mode', 'cached'],
    });
  });
});

describe('PyPI packages and container images', () => {
  it('runs PyPI packages with uvx name@version', () => {
    const option = only('io.github.example/weather-mcp');
    expect(option.option).toMatchObject({ kind: 'pypi', runtime: 'uv' });
    const built = build(option, { 'env:WEATHER_API_KEY': 'k' });
    expect(built.ok && built.config.transport).toMatchObject({
      command: 'uvx',
      args: ['weather-mcp-server@0.5.0'],
      env: [
        { name: 'WEATHER_API_KEY', value: 'k', secret: true },
        { name: 'WEATHER_UNITS', value: 'celsius', secret: false },
      ],
    });
  });

  it('runs images with docker run -i --rm, variables by name only, values in the environment', () => {
    const option = only('io.github.example/database-manager');
    expect(option.option.preview).toBe(
      'docker run -i --rm --network host -e DB_USERNAME -e DB_PASSWORD [-e SSL_MODE] -e DB_TYPE docker.io/example/database-manager-mcp:3.1.0 --host <--host> [--port <--port>] <database_name>',
    );
    const built = build(option, {
      'runtime:1/db_type': 'postgres',
      'argument:1': '',
      'argument:2': 'orders',
      'env:DB_USERNAME': 'ada',
      'env:DB_PASSWORD': 's3cret',
    });
    expect(built.ok && built.config.transport).toEqual({
      type: 'stdio',
      command: 'docker',
      args: [
        'run',
        '-i',
        '--rm',
        '--network',
        'host',
        '-e',
        'DB_USERNAME',
        '-e',
        'DB_PASSWORD',
        '-e',
        'SSL_MODE',
        '-e',
        'DB_TYPE',
        'docker.io/example/database-manager-mcp:3.1.0',
        '--host',
        'localhost',
        'orders',
      ],
      env: [
        { name: 'DB_USERNAME', value: 'ada', secret: false },
        { name: 'DB_PASSWORD', value: 's3cret', secret: true },
        { name: 'SSL_MODE', value: 'prefer', secret: false },
        { name: 'DB_TYPE', value: 'postgres', secret: false },
      ],
      // Docker isolates it; the policy is kept, and the launch is not wrapped again.
      sandbox: defaultSandboxPolicy(),
    });
    const args =
      built.ok && built.config.transport.type === 'stdio'
        ? (built.config.transport.args ?? [])
        : [];
    expect(args.join(' ')).not.toContain('s3cret');
  });

  it('fills a templated runtime argument from its variables', () => {
    const option = only('io.github.modelcontextprotocol/filesystem', 1);
    expect(option.option.fields.map((field) => field.id)).toEqual([
      'runtime:0/source_path',
      'runtime:0/target_path',
      'env:LOG_LEVEL',
    ]);
    const built = build(option, { 'runtime:0/source_path': '/home/ada/notes' });
    expect(built.ok && built.config.transport).toMatchObject({
      args: [
        'run',
        '-i',
        '--rm',
        '--mount',
        'type=bind,src=/home/ada/notes,dst=/project',
        '-e',
        'LOG_LEVEL',
        'docker.io/mcp/filesystem:1.0.2',
        '/project',
      ],
    });
  });
});

describe('what Hearth does not install this way', () => {
  it('says why for NuGet packages and MCP Bundles', () => {
    expect(only('io.github.joelverhagen/knapcode-samplemcpserver').option).toMatchObject({
      kind: 'nuget',
      available: false,
      reason: expect.stringMatching(/cannot install nuget packages/i),
    });
    const bundle = only('io.modelcontextprotocol/text-editor');
    expect(bundle.option).toMatchObject({ kind: 'mcpb', available: false });
    expect(bundle.option.reason).toMatch(/Install bundle/);
    expect(bundle.bundle).toEqual({
      url: 'https://github.com/modelcontextprotocol/text-editor-mcpb/releases/download/v1.0.2/text-editor.mcpb',
      fileSha256: 'fe333e598595000ae021bd27117db32ec69af6987f507ba7a63c90638ff633ce',
    });
  });

  it('refuses versions that are not pinned, and secrets on the command line', () => {
    const [unpinned] = planOptions({
      packages: [
        {
          registryType: 'npm',
          identifier: 'some-server',
          version: '^1.2.0',
          transport: { type: 'stdio' },
        },
      ],
    });
    expect(unpinned?.option).toMatchObject({ available: false });
    expect(unpinned?.option.reason).toMatch(/not one exact version/);
    const [secretArgument] = planOptions({
      packages: [
        {
          registryType: 'npm',
          identifier: 'some-server',
          version: '1.2.0',
          transport: { type: 'stdio' },
          packageArguments: [{ type: 'named', name: '--token', isSecret: true, isRequired: true }],
        },
      ],
    });
    expect(secretArgument?.option.available).toBe(false);
    expect(secretArgument?.option.reason).toMatch(/secret \(--token\) on its command line/);
  });

  it('refuses an identifier that would read as an option', () => {
    const [option] = planOptions({
      packages: [
        {
          registryType: 'npm',
          identifier: '--package=evil',
          version: '1.0.0',
          transport: { type: 'stdio' },
        },
      ],
    });
    expect(option?.option.available).toBe(false);
  });

  it('knows exact versions from ranges', () => {
    expect(['1.0.2', '2026.8.31', '0.4.0-beta', '1.0.0+build.1'].every(isExactVersion)).toBe(true);
    expect(
      ['^1.2.3', '~1.2.3', '>=1.2.3', '1.x', '1.*', 'latest', '1.2 - 2'].some(isExactVersion),
    ).toBe(false);
  });
});

describe('remotes', () => {
  it('connect over the named protocol with their headers, secret ones kept secret', () => {
    const [, remote, sse] = planOptions(entry('io.modelcontextprotocol.anonymous/hybrid-mcp'));
    expect(remote?.option).toMatchObject({
      kind: 'remote',
      label: 'Remote server (Streamable HTTP)',
      preview: 'https://mcp.anonymous.modelcontextprotocol.io/http',
    });
    expect(remote && build(remote, { 'header:X-API-Key': 'abc' })).toEqual({
      ok: true,
      config: {
        name: 'Test',
        transport: {
          type: 'http',
          url: 'https://mcp.anonymous.modelcontextprotocol.io/http',
          protocol: 'streamable-http',
          headers: [
            { name: 'X-API-Key', value: 'abc', secret: true },
            { name: 'X-Region', value: 'us-east-1', secret: false },
          ],
        },
      },
    });
    expect(sse?.plan).toMatchObject({ type: 'http', protocol: 'sse' });
  });

  it('fills {variables} in the address', () => {
    const [option] = planOptions({
      remotes: [
        {
          type: 'streamable-http',
          url: 'https://{tenant}.example.com/mcp',
          variables: { tenant: { description: 'Your tenant', isRequired: true } },
        },
      ],
    });
    expect(option?.option.fields).toEqual([
      expect.objectContaining({ id: 'url/tenant', label: 'tenant', required: true, target: 'url' }),
    ]);
    const built = option && build(option, { 'url/tenant': 'acme' });
    expect(built?.ok && built.config.transport).toMatchObject({
      url: 'https://acme.example.com/mcp',
    });
  });
});

describe('entries from registries that go beyond the schema', () => {
  it('reads an input format it does not know as text, rather than refusing the entry', () => {
    const parsed = registryServerResponseSchema.parse({
      server: {
        name: 'io.github.example/newer',
        description: 'Uses a format from a later schema',
        version: '1.0.0',
        packages: [
          {
            registryType: 'npm',
            identifier: 'newer-server',
            version: '1.0.0',
            transport: { type: 'stdio' },
            environmentVariables: [{ name: 'HOME_PAGE', format: 'url', isRequired: true }],
          },
        ],
      },
    });
    expect(planOptions(parsed.server)[0]?.option.fields[0]).toMatchObject({
      id: 'env:HOME_PAGE',
      format: 'string',
    });
  });

  it('says a package that serves over HTTP on this computer is not installed this way', () => {
    const [option] = planOptions({
      packages: [
        {
          registryType: 'npm',
          identifier: 'http-server-mcp',
          version: '1.0.0',
          transport: { type: 'streamable-http', url: 'http://localhost:{port}/mcp' },
        },
      ],
    });
    expect(option?.option).toMatchObject({ available: false });
    expect(option?.option.reason).toMatch(/serves over streamable-http on this computer/);
  });
});

import { describe, expect, it } from 'vitest';
import { batchFileMessage, planSpawn, shimTarget } from '../../../electron/core/programs';
import {
  CMD_SHIM_GLOBAL_BIN,
  CMD_SHIM_LEGACY,
  CMD_SHIM_LOCAL_BIN,
  CMD_SHIM_NO_SHEBANG,
  CMD_SHIM_PYTHON,
  CMD_SHIM_V3,
  CMD_SHIM_WITH_NODE_FLAGS,
  COREPACK_NPX_CMD,
  HAND_WRITTEN_BATCH,
  NPM_NPX_CMD,
} from './shimSamples';

const NODEJS = 'C:\\Program Files\\nodejs';
const ROAMING_NPM = 'C:\\Users\\someone\\AppData\\Roaming\\npm';
const PROJECT_BIN = 'C:\\work\\project\\node_modules\\.bin';

describe('shimTarget', () => {
  it('finds npx-cli.js beside the npx.cmd that ships with Node', () => {
    expect(shimTarget(NPM_NPX_CMD, `${NODEJS}\\npx.cmd`)).toEqual({
      script: `${NODEJS}\\node_modules\\npm\\bin\\npx-cli.js`,
      nodeIfPresent: `${NODEJS}\\node.exe`,
      nodeArgs: [],
    });
  });

  it('reads a globally installed package bin written by cmd-shim 4 or later', () => {
    expect(shimTarget(CMD_SHIM_GLOBAL_BIN, `${ROAMING_NPM}\\some-server.cmd`)).toEqual({
      script: `${ROAMING_NPM}\\node_modules\\some-server\\dist\\index.js`,
      nodeIfPresent: `${ROAMING_NPM}\\node.exe`,
      nodeArgs: [],
    });
  });

  it('resolves a project bin that points one folder up out of node_modules\\.bin', () => {
    expect(shimTarget(CMD_SHIM_LOCAL_BIN, `${PROJECT_BIN}\\some-server.cmd`)?.script).toBe(
      'C:\\work\\project\\node_modules\\some-server\\dist\\index.js',
    );
  });

  it("keeps node's flags from the script's shebang, before the script", () => {
    const target = shimTarget(CMD_SHIM_WITH_NODE_FLAGS, `${PROJECT_BIN}\\warn.cmd`);
    expect(target?.nodeArgs).toEqual(['--no-warnings']);
    expect(target?.script).toBe('C:\\work\\project\\node_modules\\some-server\\dist\\warn.js');
  });

  it('reads the cmd-shim 3 shape that sets _prog with %~dp0', () => {
    expect(shimTarget(CMD_SHIM_V3, `${ROAMING_NPM}\\some-server.cmd`)).toEqual({
      script: `${ROAMING_NPM}\\node_modules\\some-server\\bin\\cli.js`,
      nodeIfPresent: `${ROAMING_NPM}\\node.exe`,
      nodeArgs: [],
    });
  });

  it('reads the older two-branch shape from cmd-shim 2 and corepack', () => {
    expect(shimTarget(CMD_SHIM_LEGACY, `${ROAMING_NPM}\\some-server.cmd`)?.script).toBe(
      `${ROAMING_NPM}\\node_modules\\some-server\\bin\\cli.js`,
    );
    const shims = `${NODEJS}\\node_modules\\corepack\\shims`;
    expect(shimTarget(COREPACK_NPX_CMD, `${shims}\\npx.cmd`)).toEqual({
      script: `${NODEJS}\\node_modules\\corepack\\dist\\npx.js`,
      nodeIfPresent: `${shims}\\node.exe`,
      nodeArgs: [],
    });
  });

  it('reads a shim saved with LF line endings too', () => {
    const lf = CMD_SHIM_GLOBAL_BIN.replace(/\r\n/g, '\n');
    expect(shimTarget(lf, `${ROAMING_NPM}\\some-server.cmd`)?.script).toBe(
      `${ROAMING_NPM}\\node_modules\\some-server\\dist\\index.js`,
    );
  });

  it('rejects shims that start something other than node', () => {
    expect(shimTarget(CMD_SHIM_PYTHON, `${PROJECT_BIN}\\py.cmd`)).toBeUndefined();
    expect(shimTarget(CMD_SHIM_NO_SHEBANG, `${PROJECT_BIN}\\tool.cmd`)).toBeUndefined();
  });

  it('rejects a shim whose node flags depend on batch variables it cannot know', () => {
    const edited = CMD_SHIM_WITH_NODE_FLAGS.replace('--no-warnings', '--title=%USERNAME%');
    expect(shimTarget(edited, `${PROJECT_BIN}\\warn.cmd`)).toBeUndefined();
  });

  it('rejects a hand-written batch file', () => {
    expect(shimTarget(HAND_WRITTEN_BATCH, 'C:\\servers\\start.cmd')).toBeUndefined();
  });
});

describe('planSpawn', () => {
  const shimPath = `${ROAMING_NPM}\\some-server.cmd`;
  const script = `${ROAMING_NPM}\\node_modules\\some-server\\dist\\index.js`;
  const nodeOnPath = `${NODEJS}\\node.exe`;

  function windows(files: Record<string, string>, present: string[]) {
    return {
      platform: 'win32' as const,
      nodePath: nodeOnPath,
      readFile: (file: string) => {
        const text = files[file];
        if (text === undefined) throw new Error(`ENOENT: no such file, open '${file}'`);
        return text;
      },
      exists: (file: string) => present.includes(file),
    };
  }

  it('spawns anything as is on macOS and Linux', () => {
    const options = { platform: 'darwin' as const, nodePath: '/usr/local/bin/node' };
    expect(planSpawn('/usr/local/bin/npx', ['-y', 'pkg'], options)).toEqual({
      ok: true,
      file: '/usr/local/bin/npx',
      args: ['-y', 'pkg'],
    });
  });

  it('spawns .exe and .com files as is on Windows', () => {
    const options = windows({}, []);
    expect(planSpawn('C:\\tools\\uvx.exe', ['mcp-server-git'], options)).toEqual({
      ok: true,
      file: 'C:\\tools\\uvx.exe',
      args: ['mcp-server-git'],
    });
    expect(planSpawn('C:\\tools\\OLD.COM', [], options)).toEqual({
      ok: true,
      file: 'C:\\tools\\OLD.COM',
      args: [],
    });
  });

  it("runs an npm shim's script with the node.exe beside the shim when it exists", () => {
    const options = windows({ [shimPath]: CMD_SHIM_GLOBAL_BIN }, [
      script,
      `${ROAMING_NPM}\\node.exe`,
    ]);
    expect(planSpawn(shimPath, ['--root', 'C:\\data'], options)).toEqual({
      ok: true,
      file: `${ROAMING_NPM}\\node.exe`,
      args: [script, '--root', 'C:\\data'],
    });
  });

  it("runs an npm shim's script with the Node on PATH when the shim has no node.exe", () => {
    const options = windows({ [shimPath]: CMD_SHIM_GLOBAL_BIN }, [script]);
    expect(planSpawn(shimPath, ['--stdio'], options)).toEqual({
      ok: true,
      file: nodeOnPath,
      args: [script, '--stdio'],
    });
  });

  it('runs npx.cmd as node npx-cli.js, with an upper-case extension too', () => {
    const npx = `${NODEJS}\\npx.CMD`;
    const cli = `${NODEJS}\\node_modules\\npm\\bin\\npx-cli.js`;
    const options = windows({ [npx]: NPM_NPX_CMD }, [cli, `${NODEJS}\\node.exe`]);
    expect(planSpawn(npx, ['-y', '@modelcontextprotocol/server-filesystem'], options)).toEqual({
      ok: true,
      file: `${NODEJS}\\node.exe`,
      args: [cli, '-y', '@modelcontextprotocol/server-filesystem'],
    });
  });

  it("puts the shebang's node flags before the script", () => {
    const warn = `${PROJECT_BIN}\\warn.cmd`;
    const warnScript = 'C:\\work\\project\\node_modules\\some-server\\dist\\warn.js';
    const options = windows({ [warn]: CMD_SHIM_WITH_NODE_FLAGS }, [warnScript]);
    expect(planSpawn(warn, ['x'], options)).toEqual({
      ok: true,
      file: nodeOnPath,
      args: ['--no-warnings', warnScript, 'x'],
    });
  });

  it('explains a missing script instead of starting node on nothing', () => {
    const result = planSpawn(shimPath, [], windows({ [shimPath]: CMD_SHIM_GLOBAL_BIN }, []));
    expect(result).toEqual({
      ok: false,
      message: `The npm command “${shimPath}” starts ${script}, which is missing. Reinstall the package that provides it.`,
    });
  });

  it('refuses a batch file that is not an npm shim, and says what to use instead', () => {
    const batch = 'C:\\servers\\start.bat';
    const result = planSpawn(batch, [], windows({ [batch]: HAND_WRITTEN_BATCH }, [batch]));
    expect(result).toEqual({ ok: false, message: batchFileMessage(batch) });
    const message = result.ok ? '' : result.message;
    expect(message).toContain('does not run batch files');
    expect(message).toContain('.exe');
    expect(message).toContain('node path\\to\\script.js');
  });

  it('refuses a shim for another program rather than running it with node', () => {
    const py = `${PROJECT_BIN}\\py.cmd`;
    expect(planSpawn(py, [], windows({ [py]: CMD_SHIM_PYTHON }, [])).ok).toBe(false);
  });

  it('says why when the batch file cannot be read', () => {
    const result = planSpawn('C:\\gone\\server.cmd', [], windows({}, []));
    expect(result).toEqual({
      ok: false,
      message:
        "Hearth could not read “C:\\gone\\server.cmd”: ENOENT: no such file, open 'C:\\gone\\server.cmd'.",
    });
  });

  it('refuses scripts Windows cannot start directly', () => {
    const result = planSpawn('C:\\servers\\server.js', [], windows({}, []));
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toContain('not .js files');
  });
});

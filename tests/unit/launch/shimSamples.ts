/**
 * Real `.cmd` files as npm writes them on Windows, byte for byte (CRLF line endings), so the shim
 * parser is tested against what users actually have rather than against our idea of it.
 */

/** Batch files use CRLF; samples are written with LF for reading and converted here. */
function crlf(text: string): string {
  return text.replace(/\n/g, '\r\n');
}

/** `C:\Program Files\nodejs\npx.cmd` from npm 11 (npm's own launcher, not cmd-shim). */
export const NPM_NPX_CMD = crlf(String.raw`:: Created by npm, please don't edit manually.
@ECHO OFF

SETLOCAL

SET "NODE_EXE=%~dp0\node.exe"
IF NOT EXIST "%NODE_EXE%" (
  SET "NODE_EXE=node"
)

SET "NPM_PREFIX_JS=%~dp0\node_modules\npm\bin\npm-prefix.js"
SET "NPX_CLI_JS=%~dp0\node_modules\npm\bin\npx-cli.js"
FOR /F "delims=" %%F IN ('CALL "%NODE_EXE%" "%NPM_PREFIX_JS%"') DO (
  SET "NPM_PREFIX_NPX_CLI_JS=%%F\node_modules\npm\bin\npx-cli.js"
)
IF EXIST "%NPM_PREFIX_NPX_CLI_JS%" (
  SET "NPX_CLI_JS=%NPM_PREFIX_NPX_CLI_JS%"
)

"%NODE_EXE%" "%NPX_CLI_JS%" %*
`);

/** cmd-shim 4+ for a global install: `%APPDATA%\npm\some-server.cmd` (shebang `#!/usr/bin/env node`). */
export const CMD_SHIM_GLOBAL_BIN = crlf(String.raw`@ECHO off
GOTO start
:find_dp0
SET dp0=%~dp0
EXIT /b
:start
SETLOCAL
CALL :find_dp0

IF EXIST "%dp0%\node.exe" (
  SET "_prog=%dp0%\node.exe"
) ELSE (
  SET "_prog=node"
  SET PATHEXT=%PATHEXT:;.JS;=;%
)

endLocal & goto #_undefined_# 2>NUL || title %COMSPEC% & "%_prog%"  "%dp0%\node_modules\some-server\dist\index.js" %*
`);

/** cmd-shim 4+ in a project: `node_modules\.bin\some-server.cmd`. */
export const CMD_SHIM_LOCAL_BIN = CMD_SHIM_GLOBAL_BIN.replace(
  String.raw`"%dp0%\node_modules\some-server\dist\index.js"`,
  String.raw`"%dp0%\..\some-server\dist\index.js"`,
);

/** cmd-shim 4+ for `#!/usr/bin/env -S node --no-warnings`: node's flags sit before the script. */
export const CMD_SHIM_WITH_NODE_FLAGS = CMD_SHIM_LOCAL_BIN.replace(
  String.raw`"%_prog%"  "%dp0%\..\some-server\dist\index.js"`,
  String.raw`"%_prog%" --no-warnings "%dp0%\..\some-server\dist\warn.js"`,
);

/** cmd-shim 4+ for `#!/usr/bin/env python3`: a shim, but not for Node. */
export const CMD_SHIM_PYTHON = crlf(String.raw`@ECHO off
GOTO start
:find_dp0
SET dp0=%~dp0
EXIT /b
:start
SETLOCAL
CALL :find_dp0

IF EXIST "%dp0%\python3.exe" (
  SET "_prog=%dp0%\python3.exe"
) ELSE (
  SET "_prog=python3"
  SET PATHEXT=%PATHEXT:;.JS;=;%
)

endLocal & goto #_undefined_# 2>NUL || title %COMSPEC% & "%_prog%"  "%dp0%\..\some-server\dist\py.py" %*
`);

/** cmd-shim 4+ for a bin without a shebang (a packaged .exe): it runs the file itself. */
export const CMD_SHIM_NO_SHEBANG = crlf(String.raw`@ECHO off
GOTO start
:find_dp0
SET dp0=%~dp0
EXIT /b
:start
SETLOCAL
CALL :find_dp0
"%dp0%\..\some-server\dist\tool.exe"   %*
`);

/** cmd-shim 3 (npm 6): `_prog` chosen with `%~dp0`, then `@ENDLOCAL`. */
export const CMD_SHIM_V3 = crlf(String.raw`@SETLOCAL

@IF EXIST "%~dp0\node.exe" (
  @SET "_prog=%~dp0\node.exe"
) ELSE (
  @SET "_prog=node"
  @SET PATHEXT=%PATHEXT:;.JS;=;%
)

"%_prog%"  "%~dp0\node_modules\some-server\bin\cli.js" %*
@ENDLOCAL
`);

/** cmd-shim 2 (npm 5 and older), still found in old global installs; no final CRLF. */
export const CMD_SHIM_LEGACY = crlf(String.raw`@IF EXIST "%~dp0\node.exe" (
  "%~dp0\node.exe"  "%~dp0\node_modules\some-server\bin\cli.js" %*
) ELSE (
  @SETLOCAL
  @SET PATHEXT=%PATHEXT:;.JS;=;%
  node  "%~dp0\node_modules\some-server\bin\cli.js" %*
)`);

/** Corepack's `npx.cmd` shim, in the older cmd-shim shape with the target one folder up. */
export const COREPACK_NPX_CMD = crlf(String.raw`@SETLOCAL
@IF EXIST "%~dp0\node.exe" (
  "%~dp0\node.exe"  "%~dp0\..\dist\npx.js" %*
) ELSE (
  @SET PATHEXT=%PATHEXT:;.JS;=;%
  node  "%~dp0\..\dist\npx.js" %*
)
`);

/** A hand-written batch file: not a shim, so Hearth must refuse it. */
export const HAND_WRITTEN_BATCH = crlf(String.raw`@echo off
set PYTHONUNBUFFERED=1
python -m my_server --port 0 %*
`);

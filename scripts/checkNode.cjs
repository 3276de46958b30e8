/**
 * The first thing every npm script runs: on a Node.js older than Hearth needs, one line that
 * says so and how to fix it, instead of the errors an old Node gives later (a missing
 * `node:sqlite`, engine warnings, a stack trace). Plain old JavaScript on purpose, so that it
 * runs on any Node.js a user may have.
 */
'use strict';

var MINIMUM = [22, 12, 0];

/** The line to print when `version` (like "v20.20.2") is too old, or undefined when it is fine. */
function nodeVersionProblem(version) {
  var parts = String(version).replace(/^v/, '').split('.');
  for (var i = 0; i < MINIMUM.length; i += 1) {
    var part = parseInt(parts[i], 10) || 0;
    if (part > MINIMUM[i]) return undefined;
    if (part < MINIMUM[i]) {
      return (
        'Hearth needs Node.js 22.12 or newer; this is ' +
        version +
        '. Install the current Node.js LTS from https://nodejs.org/ (or with a version manager: ' +
        '"nvm install 22", "fnm install 22", "volta install node@22"), then run "npm install" again.'
      );
    }
  }
  return undefined;
}

module.exports = { nodeVersionProblem: nodeVersionProblem };

if (require.main === module) {
  var problem = nodeVersionProblem(process.version);
  if (problem) {
    process.stderr.write(problem + '\n');
    process.exit(1);
  }
}

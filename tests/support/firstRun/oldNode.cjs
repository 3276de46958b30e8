// Loaded with `node --require`: this Node says it is v20.11.0, as an old install would.
Object.defineProperty(process, 'version', { value: 'v20.11.0' });

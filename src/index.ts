// Source maps first, so that a stack trace in a user's log names src/ files: Node maps only the files
// it loads after this (https://nodejs.org/api/process.html#processsetsourcemapsenabledval), and the
// bundle's code is in dist/chunks/, loaded by the import below.
process.setSourceMapsEnabled(true);
const { run } = await import('./main.js');
await run();

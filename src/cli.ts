/**
 * The command's entry. `symbol-gateway mirror …` follows another gateway into PostgreSQL (its
 * own flags, src/mirror/command.ts) and loads only what the mirror needs; anything else is the
 * gateway's command (src/cli-gateway.ts), loaded only then: a mirror starts without loading the
 * gateway, the in-memory chain, the logger and the metrics.
 */
if (process.argv[2] === 'mirror') {
  const { mirrorCommand } = await import('./mirror/command.js');
  await mirrorCommand(process.argv.slice(3));
  // It runs until a signal ends the process.
  await new Promise<never>(() => undefined);
} else {
  await import('./cli-gateway.js');
}

export {};

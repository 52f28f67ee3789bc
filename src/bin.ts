#!/usr/bin/env node
// The `facturier` executable: a thin shell around runCli so the CLI itself stays testable.
import { runCli } from './cli.js';

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  isTTY: process.stderr.isTTY,
});
// `serve` keeps the process alive through its server; other commands end here.
if (code !== 0 || process.argv[2] !== 'serve') process.exitCode = code;

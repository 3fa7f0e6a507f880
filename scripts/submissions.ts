// `npm run submissions -- [options]`: the stored form submissions as CSV or JSON (see src/server/cli.ts).
import { runSubmissionsCli } from '../src/server/cli';

void runSubmissionsCli(process.argv.slice(2), process.env, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then((code) => {
  process.exitCode = code;
});

// `npm run db:copy -- --to <database>`: copies the stored submissions, image records and salt into another database
// (see src/server/copy.ts).
import { runCopyCli } from '../src/server/copy';

void runCopyCli(process.argv.slice(2), process.env, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then((code) => {
  process.exitCode = code;
});

// `npm run admin:password`: prints the hash of a new admin password for ADMIN_PASSWORD_HASH (see src/server/admin/passwordCli.ts).
import { runAdminPasswordCli } from '../src/server/admin/passwordCli';

void runAdminPasswordCli({
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  isTTY: process.stdin.isTTY,
}).then((code) => {
  process.exitCode = code;
});

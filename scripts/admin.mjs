// `npm run admin -- grant <email>` / `revoke <email>`. Uses the same configuration as `npm start`
// (.env and the environment). With the embedded PGlite, stop the server first: PGlite allows one process
// per data directory.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
if (existsSync('.env')) process.loadEnvFile('.env');
if (!existsSync('api/dist/admin-cli.js')) execSync('npm run build --workspace api', { stdio: 'inherit' });
await import(path.join(root, 'api/dist/admin-cli.js'));

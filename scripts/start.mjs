// `npm start`: builds whatever is missing or older than its sources, then runs the API and the cron
// schedule in one process on the embedded default (PGlite + in-process cache) unless .env or the
// environment point elsewhere.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
if (existsSync('.env')) process.loadEnvFile('.env');

/** Newest modification time under the given paths (files or folders). */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const entry of readdirSync(p))
        if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
    } else latest = Math.max(latest, st.mtimeMs);
  };
  paths.forEach(visit);
  return latest;
}

const targets = [
  {
    workspace: 'widget',
    output: 'widget/dist/widget.js',
    inputs: ['widget/src', 'widget/vite.config.ts', 'shared/src'],
  },
  {
    workspace: 'pwa',
    output: 'pwa/dist/index.html',
    inputs: ['pwa/src', 'pwa/index.html', 'pwa/public', 'pwa/vite.config.ts', 'shared/src'],
  },
  {
    workspace: 'cron',
    output: 'cron/dist/standalone.js',
    inputs: ['cron/src', 'api/src', 'api/drizzle', 'shared/src'],
  },
];

for (const t of targets) {
  const built = existsSync(t.output) ? statSync(t.output).mtimeMs : 0;
  if (built === 0 || newest(t.inputs) > built) {
    console.log(`Building ${t.workspace}…`);
    execSync(`npm run build --workspace ${t.workspace}`, { stdio: 'inherit' });
  }
}

await import(path.join(root, 'cron/dist/standalone.js'));

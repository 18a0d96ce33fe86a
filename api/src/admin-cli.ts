import { z } from 'zod';
import { loadApiEnv } from './config/env.js';
import { openDatabase } from './db/database.js';
import { loadConfigOrExit } from './lib/start.js';
import { UsersRepository } from './users/users.repository.js';
import { ZEmail } from '@app/shared';

// `npm run admin -- grant <email>` / `revoke <email>`: manage the admin role from a shell on the server.
const ZArgs = z.tuple([z.enum(['grant', 'revoke']), ZEmail]);
const parsed = ZArgs.safeParse(process.argv.slice(2));
if (!parsed.success) {
  console.error('usage: npm run admin -- grant <email> | revoke <email>');
  process.exit(2);
}
const [action, email] = parsed.data;
const env = loadConfigOrExit(() => loadApiEnv());
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: 1 });
try {
  const users = new UsersRepository(database.db);
  let user = await users.setAdmin(email, action === 'grant');
  if (!user && action === 'grant') {
    // Granting before the first sign-in: create the account so the role is there when they arrive.
    await users.findOrCreate({ email });
    user = await users.setAdmin(email, true);
  }
  if (!user) {
    console.error(`No user with e-mail ${email}.`);
    process.exitCode = 1;
  } else {
    console.log(`${email} is ${user.isAdmin ? 'now an admin' : 'no longer an admin'}.`);
  }
} finally {
  await database.close();
}

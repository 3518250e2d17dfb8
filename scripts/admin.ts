/**
 * Operator commands, run beside (not inside) the server:
 *   npm run admin -- grant <email>        make the account an administrator (moderation, /admin)
 *   npm run admin -- revoke <email>       take that role away (ADMIN_EMAILS still counts)
 *   npm run admin -- reset-link <email>   print a single-use password-reset link (when the server cannot mail)
 * It reads the same configuration as the server (DATABASE_URL, or DATA_DIR for PGlite; APP_URL for links).
 * PGlite's data directory belongs to one process at a time: stop the server first, or the command refuses.
 */
import { sql } from 'drizzle-orm';
import { loadConfig, ConfigError } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { DataDirInUseError } from '../src/server/db/dir-lock';
import { migrate } from '../src/server/db/migrate';
import { users } from '../src/server/db/schema';
import { createResetToken, findResettable, resetLink } from '../src/server/modules/account/password-reset';

const USAGE = `Usage:
  npm run admin -- grant <email>
  npm run admin -- revoke <email>
  npm run admin -- reset-link <email>`;

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function main() {
  const [command, email] = process.argv.slice(2);
  if (!command || !email || !['grant', 'revoke', 'reset-link'].includes(command)) fail(USAGE, 2);
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DataDirInUseError)
      fail(
        `${err.message}\nThe embedded database (PGlite) serves one process at a time: stop the CrowdMix server, run this command, then start the server again.`,
      );
    throw err;
  }
  try {
    await migrate(database);
    const db = database.db;
    if (command === 'reset-link') {
      const account = await findResettable(db, email);
      if (!account) fail(`No account with a password has the address ${email}.`);
      const token = await createResetToken(db, account.id, config.passwordResetTtlMs);
      const base = config.appUrl ?? `http://localhost:${config.port}`;
      process.stdout.write(
        `Reset link for ${account.email} (works once, for ${Math.round(config.passwordResetTtlMs / 60_000)} minutes):\n${resetLink(base, token)}\n`,
      );
      if (!config.appUrl)
        process.stdout.write('(APP_URL is not set: the link assumes this machine; adjust the host if needed.)\n');
    } else {
      const [row] = await db
        .update(users)
        .set({ isAdmin: command === 'grant', updatedAt: new Date() })
        .where(sql`lower(${users.email}) = lower(${email})`)
        .returning({ id: users.id, email: users.email });
      if (!row) fail(`No account has the address ${email}.`);
      process.stdout.write(
        command === 'grant'
          ? `${row.email} is now an administrator (sign in again or reload /admin).\n`
          : `${row.email} is no longer an administrator by role${config.adminEmails.includes(row.email!.toLowerCase()) ? ' (but ADMIN_EMAILS still names it)' : ''}.\n`,
      );
    }
  } finally {
    await database.close();
  }
}

await main();

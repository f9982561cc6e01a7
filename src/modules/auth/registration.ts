import type { AppContext } from '../../context.js';
import { queueEmail } from '../../mail/outbox.js';
import { temporaryPassword } from './passwords.js';
import type { RegisterInput } from './schemas.js';
import { createUser } from './users.js';

/*
 * An admin registers a staff member, who is emailed a temporary password to change on first
 * sign-in.
 */

export async function register(ctx: AppContext, input: RegisterInput) {
  const password = temporaryPassword();
  const user = await ctx.db.transaction().execute(async (trx) => {
    const created = await createUser(trx, {
      name: input.name,
      email: input.email,
      password,
      role: input.role ?? 'staff',
      requirePasswordChange: true,
    });
    await queueEmail(trx, {
      to: created.email,
      template: 'auth.welcome',
      data: {
        name: created.name,
        email: created.email,
        temporaryPassword: password,
        loginUrl: `${ctx.config.publicBaseUrl}/login`,
      },
      sensitive: true,
    });
    return created;
  });
  return { id: user.id, email: user.email, role: user.role, name: user.name };
}

import { commandLineActor } from '../../../audit/audit-log.ts';
import { requireUserByEmail } from '../../accounts/index.ts';
import { grantSubscription, recordComplimentaryGrant, recordComplimentaryRevoke, revokeSubscription } from '../../billing/index.ts';
import { done, parseCommandArgs, type AdminCommand } from './admin-command.ts';
import { grantOperator, revokeOperator } from './operator-role.ts';

/** The commands that give and take access: complimentary subscriptions and the operator console. */
export const accessCommands: Record<string, AdminCommand> = {
  async 'grant-subscription'(ctx, args) {
    const { values, positionals } = parseCommandArgs(args, { days: { type: 'string' } }, { min: 1, max: 1 });
    const days = values.days === undefined ? undefined : /^\d+$/.test(String(values.days)) ? Number(values.days) : Number.NaN;
    const result = await grantSubscription(ctx, { user: await requireUserByEmail(ctx, positionals[0]!), days }, recordComplimentaryGrant(ctx.clock.now(), commandLineActor));
    const until = result.subscription.period_end.toISOString().slice(0, 10);
    const lines = {
      created: `Granted ${result.user.email} a complimentary annual subscription until ${until}.`,
      extended: `Extended ${result.user.email}'s complimentary subscription until ${until}.`,
      unchanged: `${result.user.email} already has a complimentary subscription until ${until}; nothing changed.`,
    };
    return done(lines[result.outcome]);
  },
  async 'revoke-subscription'(ctx, args) {
    const { positionals } = parseCommandArgs(args, {}, { min: 1, max: 1 });
    const result = await revokeSubscription(ctx, { user: await requireUserByEmail(ctx, positionals[0]!) }, recordComplimentaryRevoke(ctx.clock.now(), commandLineActor));
    const paid = result.stillEntitledBy
      ? ` They still have a paid subscription until ${result.stillEntitledBy.period_end.toISOString().slice(0, 10)} (managed through payments).`
      : '';
    return done(`Ended ${result.email}'s complimentary subscription${result.revoked > 1 ? 's' : ''} now.${paid}`);
  },
  async 'grant-operator'(ctx, args) {
    const { positionals } = parseCommandArgs(args, {}, { min: 1, max: 1 });
    return done(await grantOperator(ctx, commandLineActor, positionals[0]!));
  },
  async 'revoke-operator'(ctx, args) {
    const { positionals } = parseCommandArgs(args, {}, { min: 1, max: 1 });
    return done(await revokeOperator(ctx, commandLineActor, positionals[0]!));
  },
};

import { commandLineActor } from '../../../audit/audit-log.ts';
import { parsePostFile, publishPostAsOperator } from '../../content/index.ts';
import { done, parseCommandArgs, type AdminCommand } from './admin-command.ts';

/** The commands that publish content: a blog post from its JSON file. */
export const contentCommands: Record<string, AdminCommand> = {
  async 'publish-post'(ctx, args, files) {
    const { positionals } = parseCommandArgs(args, {}, { min: 1, max: 1 });
    const content = files.get(positionals[0]!);
    if (!content) return { exitCode: 1, output: `Cannot read the file ${positionals[0]}.\n` };
    const parsed = parsePostFile(content);
    if ('problems' in parsed) return { exitCode: 1, output: `${positionals[0]} was not published:\n  ${parsed.problems.join('\n  ')}\n` };
    const post = await publishPostAsOperator(ctx.db, commandLineActor, parsed.draft, ctx.clock.now());
    return done(`Published "${post.title}" at /blog/${post.custom_url} (id ${post.id}).`);
  },
};

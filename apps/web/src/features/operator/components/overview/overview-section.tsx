import { formatUsd } from '@tradelist/pricing/money';
import { formatCount, formatRunDate } from '../../../../lib/format';
import { useOverview } from '../../api/get-overview';
import consoleStyles from '../operator-console.module.css';
import { SectionState } from '../section-state';
import { LabelledValues } from '../shared/labelled-values';
import styles from './overview.module.css';

function Group({ title, figures }: { title: string; figures: Array<[label: string, value: string]> }) {
  return (
    <section className={styles.overviewGroup} aria-label={title}>
      <h2>{title}</h2>
      <LabelledValues className={styles.overviewFigures} rows={figures} />
    </section>
  );
}

/** The figures the console opens with: people, money, use this month, the buying path, signups. */
export function OverviewSection() {
  const overview = useOverview();
  if (overview.isPending || overview.isError) return <SectionState query={overview} what="overview" />;
  const o = overview.data;
  const month = `since ${formatRunDate(o.month_start)}`;
  return (
    <>
      <p className={consoleStyles.operatorConsoleText}>Monthly figures count {month} (UTC).</p>
      <div className={styles.overviewGroups}>
        <Group
          title="Users"
          figures={[
            ['Accounts', formatCount(o.users.total)],
            ['Activated', formatCount(o.users.activated)],
            ['Disabled', formatCount(o.users.disabled)],
          ]}
        />
        <Group
          title="Subscribers"
          figures={[
            ['Subscribers now', formatCount(o.subscribers.total)],
            ['Paying', formatCount(o.subscribers.paid)],
            ['Complimentary', formatCount(o.subscribers.complimentary)],
            ['Revenue per year', formatUsd(o.revenue_per_year_cents)],
          ]}
        />
        <Group
          title="This month"
          figures={[
            ['Downloads', formatCount(o.downloads_this_month)],
            ['Syncs', formatCount(o.syncs_this_month)],
          ]}
        />
        <Group
          title="Buying path this month"
          figures={[
            ['Opened the subscriptions page', formatCount(o.funnel.subscriptions_page_opened)],
            ['Started a checkout', formatCount(o.funnel.checkout_started)],
            ['Paid', formatCount(o.funnel.paid)],
          ]}
        />
        <Group
          title="Signups"
          figures={[
            ['Newsletter', formatCount(o.signups.newsletter)],
            ['Free-year draw', formatCount(o.signups.draw)],
            ['Setup-call requests', formatCount(o.signups.setup_calls)],
          ]}
        />
      </div>
    </>
  );
}

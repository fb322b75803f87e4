import { homeSectionIds } from '../../../config/paths';
import landingStyles from './landing.module.css';

const features = [
  {
    title: 'Markups per price band',
    text: 'Set a different markup for items under $10, $10-20, $20-50, $50-150, $150-500 and over $500, so small parts and big-ticket gear are both priced right.',
  },
  {
    title: 'Sales tax included',
    text: 'Add your sales tax rate once. Every list shows the price with your markup and the price with tax.',
  },
  {
    title: 'CSV and Excel downloads',
    text: 'Download any edition as a CSV or Excel file that opens cleanly in your spreadsheet or estimating tool.',
  },
  {
    title: 'QuickBooks Online and Jobber',
    text: 'Send a list straight into QuickBooks Online products and services or into Jobber, instead of typing prices by hand.',
  },
  {
    title: 'Updated every month',
    text: 'A new edition of the electrical list, with 1,000+ items, comes out every month so your quotes follow the market.',
  },
];

const listContents = [
  { name: 'Conduit fittings', count: '300+' },
  { name: 'Wires', count: '200+' },
  { name: 'Breakers', count: '100+' },
  { name: 'Breaker boxes', count: '50+' },
  { name: 'Boxes and accessories', count: '' },
  { name: 'Covers, receptacles and switches', count: '' },
];

/** "Why Tradelist": what the price manager does (target of the navigation's Why link). */
export function WhySection() {
  return (
    <section id={homeSectionIds.why} className={landingStyles.homeSection} aria-labelledby="why-title">
      <div className={landingStyles.homeSectionInner}>
        <p className={landingStyles.sectionEyebrow}>Why Tradelist</p>
        <h2 id="why-title" className={landingStyles.sectionTitle}>
          Your accurate contractor price manager
        </h2>
        <p className={landingStyles.sectionLead}>
          Built for contractors and electricians who price jobs from a materials list and bill through their
          accounting or field-service software.
        </p>
        <ul className={landingStyles.featureGrid}>
          {features.map((feature) => (
            <li key={feature.title} className={landingStyles.featureCard}>
              <h3 className={landingStyles.featureCardTitle}>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>

        <div className={landingStyles.contentsPanel}>
          <h3 className={landingStyles.contentsPanelTitle}>What is in the electrical list</h3>
          <ul className={landingStyles.contentsPanelList}>
            {listContents.map((item) => (
              <li key={item.name}>
                {item.count ? <strong>{item.count}</strong> : null} {item.name}
              </li>
            ))}
          </ul>
          <p className={landingStyles.contentsPanelNote}>Plumbing and lumber lists are coming soon.</p>
        </div>
      </div>
    </section>
  );
}

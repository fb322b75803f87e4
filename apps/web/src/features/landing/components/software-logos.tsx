import landingStyles from './landing.module.css';

/** Plain marks (a colour dot, in the stylesheet, and the name), not the vendors' logos: what the lists work with. */
const software = [
  { name: 'QuickBooks Online', how: 'import and sync' },
  { name: 'Jobber', how: 'sync' },
  { name: 'Excel', how: '.xlsx download' },
  { name: 'Google Sheets', how: 'opens the CSV and .xlsx' },
  { name: 'CSV', how: 'any tool that imports CSV' },
];

/** product §2.2: the compatible software, right under the hero. */
export function SoftwareLogos() {
  return (
    <section className={landingStyles.logos} aria-labelledby="logos-title">
      <div className={landingStyles.homeSectionInner}>
        <h2 id="logos-title" className={landingStyles.logosTitle}>
          Works with the software you already use
        </h2>
        <ul className={landingStyles.logosList}>
          {software.map((item) => (
            <li key={item.name} className={landingStyles.logo} title={item.how}>
              <span className={landingStyles.logoMark} aria-hidden="true" />
              {item.name}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import landingStyles from './landing.module.css';

const steps = [
  { title: 'Sign up', text: 'Create your account with email or Google and confirm your address.' },
  { title: 'Tell us about your shop', text: 'Your software and team size, so we can point you to the right setup.' },
  { title: 'Set your markups', text: 'One markup per price band, from $0-10 parts to $500+ gear.' },
  { title: 'Add your sales tax', text: 'Enter your rate once; every list carries prices with and without it.' },
  { title: 'Choose a plan', text: 'Start with the free demo list, then subscribe for the full electrical list.' },
  { title: 'Download or sync', text: 'Get CSV or Excel, or send the list to QuickBooks Online or Jobber.' },
  { title: 'Repeat every month', text: 'A new edition arrives monthly with your markups already applied.' },
];

/** product §2.2: how it works, in 7 steps. */
export function HowItWorks() {
  return (
    <section className={landingStyles.homeSection} aria-labelledby="how-title">
      <div className={landingStyles.homeSectionInner}>
        <p className={landingStyles.sectionEyebrow}>How it works</p>
        <h2 id="how-title" className={landingStyles.sectionTitle}>
          From sign-up to priced quotes in 7 steps
        </h2>
        <ol className={landingStyles.steps}>
          {steps.map((step, index) => (
            <li key={step.title} className={landingStyles.step}>
              <span className={landingStyles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={landingStyles.stepTitle}>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

import { GuideVideos } from '../../guide';
import landingStyles from './landing.module.css';

/**
 * product §2.2: the videos, between the 7 steps and the pricing. The user guide's walkthroughs,
 * loaded only when played (the poster is all a visit downloads).
 */
export function VideosSection() {
  return (
    <section className={landingStyles.homeSection} aria-labelledby="videos-title">
      <div className={landingStyles.homeSectionInner}>
        <p className={landingStyles.sectionEyebrow}>Videos</p>
        <h2 id="videos-title" className={landingStyles.sectionTitle}>
          See Tradelist at work
        </h2>
        <p className={landingStyles.sectionLead}>
          Two short walkthroughs: setting your markups and downloading a list, then sending it to QuickBooks Online or Jobber.
        </p>
        <GuideVideos preload="none" />
      </div>
    </section>
  );
}

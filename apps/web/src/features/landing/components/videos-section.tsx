import type { UserGuideVideo } from '@tradelist/contract/guide';
import { GuideVideoList } from '../../guide';
import landingStyles from './landing.module.css';

/**
 * product §2.2: the videos, between the 7 steps and the pricing: the user guide's walkthroughs,
 * loaded only when played (a visit downloads the posters). `undefined` while they load holds
 * their place; none at all (or a failed load) leaves the section out.
 */
export function VideosSection({ videos }: { videos: readonly UserGuideVideo[] | undefined }) {
  if (videos?.length === 0) return null;
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
        <GuideVideoList videos={videos} preload="none" />
      </div>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import buttonStyles from '../../../components/ui/button.module.css';
import { cx } from '../../../lib/cx';
import { usePublicConfig } from '../../config';
import { resourceDownloadUrl, userGuideResourcesQueryOptions, userGuideVideosQueryOptions } from '../api/get-user-guide';
import { GuideVideoList } from './guide-videos';
import guideStyles from './user-guide.module.css';

/** product §2.14: two embedded videos, the PDFs to download, and the support contact. */
export function UserGuide() {
  const resources = useQuery(userGuideResourcesQueryOptions);
  const videos = useQuery(userGuideVideosQueryOptions);
  const supportEmail = usePublicConfig()?.support_email;

  return (
    <div className={guideStyles.guide}>
      <section aria-labelledby="guide-videos">
        <h2 id="guide-videos" className={guideStyles.guideHeading}>
          Videos
        </h2>
        {videos.isError ? (
          <p className={guideStyles.guideMuted}>The videos could not be loaded.</p>
        ) : (
          <GuideVideoList videos={videos.data} preload="metadata" />
        )}
      </section>

      <section aria-labelledby="guide-resources">
        <h2 id="guide-resources" className={guideStyles.guideHeading}>
          Guides to download
        </h2>
        {resources.isPending ? <p className={guideStyles.guideMuted}>Loading guides…</p> : null}
        {resources.data?.length === 0 ? <p className={guideStyles.guideMuted}>No guides are published yet.</p> : null}
        <ul className={guideStyles.guideResources}>
          {resources.data?.map((resource) => (
            <li key={resource.id} className={guideStyles.guideResource}>
              <div>
                <strong className={guideStyles.guideTitle}>{resource.name}</strong>
                <span className={guideStyles.guideMuted}>{resource.description}</span>
              </div>
              <a className={cx(buttonStyles.button, buttonStyles.buttonOutline)} href={resourceDownloadUrl(resource.id)} download={resource.file_name}>
                Download PDF
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="guide-support" className={guideStyles.guideSupport}>
        <h2 id="guide-support" className={guideStyles.guideHeading}>
          Need help?
        </h2>
        <p>
          Write to our support team
          {supportEmail ? (
            <>
              {' at '}
              <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            </>
          ) : null}
          . Tell us the edition and what you were doing, and we will get back to you.
        </p>
      </section>
    </div>
  );
}

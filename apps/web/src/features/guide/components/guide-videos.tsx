import type { UserGuideVideo } from '@tradelist/contract/guide';
import guideVideoStyles from './guide-videos.module.css';

// The player's box (the sample walkthroughs are recorded at 960×540); it keeps 16:9 whatever the file (CSS aspect-ratio).
const FRAME = { width: 640, height: 360 };
// product §2.14: the guide has two videos; their boxes are held while the list loads.
const PLACEHOLDERS = 2;

interface GuideVideoListProps {
  /** The videos (`GET /user-guide-videos/`), or undefined while they load. */
  videos: readonly UserGuideVideo[] | undefined;
  /** `none` where the videos are below the fold of a public page: nothing loads before a click. */
  preload: 'none' | 'metadata';
}

/**
 * The user guide's walkthrough videos (product §2.14), each with its poster, English captions and
 * title (an h3, under the section's h2); shown on the user guide screen and on the landing page
 * (product §2.2).
 */
export function GuideVideoList({ videos, preload }: GuideVideoListProps) {
  return (
    <ul className={guideVideoStyles.guideVideos}>
      {videos
        ? videos.map((video) => (
            <li key={video.id}>
              <figure className={guideVideoStyles.guideVideo}>
                <video
                  className={guideVideoStyles.guideVideoPlayer}
                  controls
                  preload={preload}
                  poster={video.poster_url}
                  width={FRAME.width}
                  height={FRAME.height}
                  aria-label={video.title}
                >
                  <source src={video.video_url} type={video.video_type} />
                  <track kind="captions" src={video.captions_url} srcLang="en" label="English" default />
                </video>
                <figcaption>
                  <h3 className={guideVideoStyles.guideVideoTitle}>{video.title}</h3>
                  <span className={guideVideoStyles.guideVideoDescription}>{video.description}</span>
                </figcaption>
              </figure>
            </li>
          ))
        : Array.from({ length: PLACEHOLDERS }, (_, index) => (
            <li key={index}>
              <div className={guideVideoStyles.guideVideo}>
                <div className={guideVideoStyles.guideVideoPlaceholder} />
                <p className={guideVideoStyles.guideVideoDescription} role={index === 0 ? 'status' : undefined}>
                  {index === 0 ? 'Loading videos…' : '\u00a0'}
                </p>
              </div>
            </li>
          ))}
    </ul>
  );
}

/**
 * What other modules may use of the guide (decision 0036): its videos for the public pages.
 * Nothing else of this folder is imported from outside; the console's guide calls are
 * registered here (operator-routes.ts).
 */
export { guideVideos } from './services/guide-media.ts';

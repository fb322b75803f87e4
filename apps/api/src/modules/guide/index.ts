/**
 * What other modules may use of the guide (decision 0036): its videos for the public pages and
 * the console's guide calls. Nothing else of this folder is imported from outside.
 */
export { guideVideos } from './services/guide-media.ts';
export {
  addGuideResource,
  editGuideResource,
  editGuideVideo,
  operatorGuide,
  removeGuideResource,
  reorderGuideResources,
  replaceGuideVideoPart,
} from './services/manage-guide.ts';

// The guide feature's public surface: the user guide screen's content, and its videos for the landing page.
export { userGuideVideosQueryOptions } from './api/get-user-guide';
export { GuideVideoList } from './components/guide-videos';
export { UserGuide } from './components/user-guide';

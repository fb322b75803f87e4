// The guide feature's public surface: the user guide screen's content.
export { UserGuide } from './components/user-guide';

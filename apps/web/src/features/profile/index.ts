// The profile feature's public surface: the Profile tab of Settings and the header's picture.
export { ProfilePictureSettings } from './components/profile-picture-settings';
export { useProfilePicture, type ProfilePicture } from './hooks/use-profile-picture';

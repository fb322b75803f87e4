// The pricing profiles' public surface: the markups screen manages them; the download and sync
// dialogs choose one with `ProfileSelect`.
export { pricingProfilesQueryOptions, useDeletePricingProfile, usePricingProfiles, useSavePricingProfile, type ProfileSave } from './api/pricing-profiles';
export { ProfileSelect, profileChoiceLabel } from './components/profile-select';

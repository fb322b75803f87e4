/** The Profile tab's toasts, spelled as product §8.10 spells them. */
export const profileMessages = {
  fetchFailed: 'Failed to fetch profile picture.',
  updated: 'Profile picture updated successfully.',
  updateFailed: 'Failed to update profile picture.',
  removed: 'Profile picture removed successfully.',
  removeFailed: 'Failed to remove profile picture.',
} as const;

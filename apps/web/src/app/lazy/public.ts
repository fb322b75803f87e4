// The public pages' chunk: the landing page, the collection page and the policy texts.
export { CollectionsRoute } from '../routes/collections';
export { HomeRoute } from '../routes/home';
export { CookiesSettings } from '../../features/policies/components/cookies-settings';
export { PrivacyPolicy } from '../../features/policies/components/privacy-policy';
export { TermsOfService } from '../../features/policies/components/terms-of-service';

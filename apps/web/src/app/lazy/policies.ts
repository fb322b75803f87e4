// The policy texts of the footer: long and rarely read, loaded when one is opened.
export { CookiesSettings } from '../../features/policies/components/cookies-settings';
export { PrivacyPolicy } from '../../features/policies/components/privacy-policy';
export { TermsOfService } from '../../features/policies/components/terms-of-service';

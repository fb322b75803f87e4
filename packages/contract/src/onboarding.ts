import { z } from 'zod';

/** product §2 onboarding dialog: the software a contractor uses today. */
export const softwareOptions = [
  'Salesforce',
  'Zoho',
  'Pipedrive',
  'Insightly',
  'QuickBooks',
  'FreshBooks',
  'Xero',
  'Wave',
  'Thryv',
  'ServiceTitan',
  'Housecall Pro',
  'Jobber',
  'FieldEdge',
  'Service Fusion',
  'Simpro',
  'ServiceMax',
  'Connecteam',
  'Custom Solution',
  'None',
  'Other',
] as const;

/** product §2: team sizes. */
export const teamSizeOptions = ['1-5', '6-10', '11-20', '21+'] as const;

/** product §2: how the user found Tradelist. */
export const referralSourceOptions = [
  'Google Search',
  'Reddit',
  'Facebook',
  'LinkedIn',
  'Industry Forums',
  'Referral from Friend/Colleague',
  'Industry Event',
  'Online Advertisement',
  'Other',
] as const;

/** product §5 onboarding messages, spelled exactly. */
export const onboardingMessages = {
  software: 'Please select your software',
  teamSize: 'Please select your team size',
  referralSource: 'Please tell us how you found us',
  phone: 'Please enter a valid phone number (e.g., 123-456-7890)',
} as const;

/** product §9: three digits, three digits, four digits, with optional dash, dot or space separators. */
export const PHONE_PATTERN = /^\d{3}[-. ]?\d{3}[-. ]?\d{4}$/;

const choice = <T extends readonly [string, ...string[]]>(options: T, message: string) =>
  z.enum(options, { error: message });

/** POST /api/onboarding/ (product §3 onboarding payload). An empty phone number is no phone number. */
export const onboardingRequest = z.object({
  software: choice(softwareOptions, onboardingMessages.software),
  team_size: choice(teamSizeOptions, onboardingMessages.teamSize),
  referral_source: choice(referralSourceOptions, onboardingMessages.referralSource),
  phone_number: z
    .string({ error: onboardingMessages.phone })
    .trim()
    .max(20, { error: onboardingMessages.phone })
    .refine((value) => value === '' || PHONE_PATTERN.test(value), { error: onboardingMessages.phone })
    .optional(),
  can_contact: z.boolean({ error: 'Answer yes or no.' }).default(false),
});
export type OnboardingRequest = z.input<typeof onboardingRequest>;

/** The answer of POST /api/onboarding/. */
export const onboardingResponse = z.object({ is_onboarded: z.boolean() });
export type OnboardingResponse = z.infer<typeof onboardingResponse>;

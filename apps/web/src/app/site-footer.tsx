import { lazy, Suspense, type ReactNode } from 'react';
import { Footer, type FooterPolicy } from '../components/layouts/footer';
import { PageLoading } from '../components/ui/page-loading';

// The policy texts are long and rarely read: they load on open.
const PrivacyPolicy = lazy(() => import('./lazy/policies').then((chunk) => ({ default: chunk.PrivacyPolicy })));
const TermsOfService = lazy(() => import('./lazy/policies').then((chunk) => ({ default: chunk.TermsOfService })));
const CookiesSettings = lazy(() => import('./lazy/policies').then((chunk) => ({ default: chunk.CookiesSettings })));

function Loaded({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

/** The footer of every page, with the three policies of product §2 (which name the support address). */
export function SiteFooter({ supportEmail }: { supportEmail: string | undefined }) {
  const policies: FooterPolicy[] = [
    { label: 'Privacy Policy', content: <Loaded><PrivacyPolicy supportEmail={supportEmail} /></Loaded> },
    { label: 'Terms of Service', content: <Loaded><TermsOfService supportEmail={supportEmail} /></Loaded> },
    { label: 'Cookies Settings', content: <Loaded><CookiesSettings /></Loaded> },
  ];
  return <Footer policies={policies} />;
}

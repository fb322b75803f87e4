// The public site's other pages: FAQ, /electrical, the blog list, the free-year draw, the setup call, unsubscribe.
export { AllBlogsRoute } from '../routes/all-blogs';
export { ElectricalRoute } from '../routes/electrical';
export { FaqRoute } from '../routes/faq';
export { MarketingRoute } from '../routes/marketing';
export { NewsletterUnsubscribeRoute } from '../routes/newsletter-unsubscribe';
export { BookSetupCallRoute } from '../routes/book-setup-call';

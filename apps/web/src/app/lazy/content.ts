// The single-page app's other public pages: the setup call and the newsletter's unsubscribe page.
export { NewsletterUnsubscribeRoute } from '../routes/newsletter-unsubscribe';
export { BookSetupCallRoute } from '../routes/book-setup-call';

// The landing page after the pricing cards: loaded once the first screen is shown (routes/home.tsx).
export { LandingBelowTheFold } from '../../features/landing/components/below-the-fold';

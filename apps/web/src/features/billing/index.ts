// The billing feature's public surface: what other features use (the landing page's pricing cards).
export { useSubscriptionPlans } from './api/get-subscription-plans';
export { planCard } from './utils/plan-card';
export { PlanCard } from './components/plan-card';
export { downloadMaxText } from './utils/subscription-text';

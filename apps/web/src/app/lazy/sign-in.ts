// The sign-in pages' chunk: login, registration, activation and password reset.
export { ActivateRoute } from '../routes/activate';
export { ForgotPasswordRoute } from '../routes/forgot-password';
export { LoginRoute } from '../routes/login';
export { RegisterRoute } from '../routes/register';
export { ResetPasswordRoute } from '../routes/reset-password';
export { VerifiedRoute } from '../routes/verified';

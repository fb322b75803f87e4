// The markups screen's chunk: the form, the price preview and the markup engine.
export { UserfactorRoute } from '../routes/dashboard-userfactor';

// The operator console's chunk.
export { OperatorRoute } from '../routes/operator';

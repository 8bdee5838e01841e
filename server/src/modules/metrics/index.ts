export { metricsPlugin } from './plugin';
export {
  countingSms,
  createMetrics,
  type Metrics,
  paymentCounts,
  registerDatabaseGauges,
} from './registry';

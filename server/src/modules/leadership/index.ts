export { type Leader, startLeader } from './leader';
export { createLease, type Lease } from './lease';
export { jobLeases } from './tables';

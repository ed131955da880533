/**
 * Admission control per database (issue 18): a bounded number of engine queries at once, a bounded,
 * fair wait queue, priorities between chart data, SQL Lab and background work.
 */
export { AdmissionControl, admissionUserOf, type AdmissionSettings, type AdmittedDatabase } from './admission-control';
export { AdmissionAbortedError, AdmissionQueueFullError, AdmissionTimeoutError } from './admission-errors';
export { DatabaseGate, type AdmissionTicket } from './database-gate';
export { PRIORITIES, type AdmissionPriority } from './priority';

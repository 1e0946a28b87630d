// The reports feature's early face for the command line: what report-view starts before anything
// with words loads. index.ts, the full face, loads main's English catalog through the query
// engine's errors (about 10 ms before the fork; .dependency-cruiser.js allows this file too).
export { launchQueryProcess, type LaunchedQueryProcess } from './query/query-launch'

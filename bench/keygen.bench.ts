// RSA-4096 key generation: GateDesk's generator (node-forge handing the work to node:crypto's
// native one, then PKCS#1 PEM and fingerprint) against `openssl genrsa 4096`, in the same run,
// alternating, median of 11 each. A pure-JS generator would be 20× slower or worse.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { generateRsaKeyPair } from '../main/environments/keys/rsa-key-generation'
import { compareRuns, report } from './measure'

const run = promisify(execFile)
const BITS = 4096
const ROUNDS = 11
const TARGET = 1.3

const result = await compareRuns(
  () => run('openssl', ['genrsa', String(BITS)]),
  () => generateRsaKeyPair(BITS),
  { rounds: ROUNDS },
)
const ok = report(
  `RSA-${BITS} key generation vs openssl genrsa ${BITS} (median of ${ROUNDS} each)`,
  result,
  TARGET,
  'key',
)
process.exitCode = ok ? 0 : 1

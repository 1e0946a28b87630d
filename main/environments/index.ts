// The environments feature's face for the command line: its repository, and RSA keys made, read and sealed.
// main/cli/ imports a feature only through this file (.dependency-cruiser.js).
export { createEnvironmentRepository } from './environments-repository'
export { BACKUP_PBKDF2_ITERATIONS, encryptPrivateKey } from './keys/encrypted-private-key'
export { generateRsaKeyPair } from './keys/rsa-key-generation'
export { loadRsaPrivateKey } from './keys/rsa-private-key'

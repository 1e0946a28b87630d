/**
 * Main's messages about the keychain (main/platform/keychain), the environments' RSA keys
 * (main/environments/keys), signing (main/platform/gateway/oauth1.ts) and the environment
 * service's refusals, keyed by their code under `keychain.`, `key.`, `signing.` and `environments.`.
 */
export const mainKeychain = {
  unavailable:
    "No Secret Service is running (GNOME Keyring or KWallet): start your desktop's keyring, then try again.",
  locked:
    "The keychain is locked: unlock it (log in again, or use your desktop's Passwords and Keys app), then try again.",
  'access-denied':
    "The keychain denied GateDesk access: allow GateDesk when the keychain asks (or in the keychain's settings), then try again.",
  'module-missing':
    'GateDesk cannot reach the keychain: its keychain module did not load ({reason}). On Linux, install libsecret (Debian/Ubuntu: sudo apt-get install libsecret-1-0; Fedora: sudo dnf install libsecret), then restart GateDesk.',
  missing: {
    'control-key':
      'The keychain holds no control key for the environment "{environment}": enter it in Keys & environments (the gateway gives the control key to the merchant).',
    'rsa-private-key':
      'The keychain holds no RSA private key for the environment "{environment}": generate a key pair or import your private key in Keys & environments (and send the public key to support).',
    'pasted-table-key': 'The keychain holds no key for the pasted table {table}: it was shredded.',
    'workspace-password':
      'The keychain holds no password for the team workspace: connect again (gatedesk workspace connect, or the Workspace section).',
  },
  failed: "The keychain refused: {reason}. Check your desktop's keyring, then try again.",
}

export const mainKey = {
  /** Where a private key came from: the `{source}` of `key.private.*` (its `sourceCode`). */
  source: {
    import: 'The key',
    file: 'The key file {file}',
    keychain: 'The RSA private key of the environment "{environment}" in the keychain',
  },
  /** Why a PEM cannot serve as the signing key. */
  private: {
    'not-pem':
      '{source} is not a PEM key: expected a "-----BEGIN RSA PRIVATE KEY-----" or "-----BEGIN PRIVATE KEY-----" block',
    'not-private':
      '{source} holds a {label}, but signing needs the private key (the public key is the one sent to support)',
    encrypted:
      '{source} is protected by a passphrase; import it into GateDesk (which asks for the passphrase) or decrypt it with "openssl rsa -in KEY -out KEY.pem"',
    unreadable:
      '{source} could not be read as a private key ({reason}); check that the whole PEM block was copied',
    'not-rsa': '{source} is a {type} key, but RSA-SHA256 needs an RSA private key',
  },
  /** Why a private key (and the public key support has) cannot be imported. */
  import: {
    'passphrase-required':
      'This private key is protected by a passphrase: enter the passphrase to import it.',
    'wrong-passphrase':
      'The passphrase does not open this private key: check it (capitals, keyboard layout) and try again.',
    'too-small':
      'The key has only {bits} bits; RSA keys need at least {min}. Generate a new key pair in GateDesk instead.',
    'too-large':
      'The key has {bits} bits; the gateway accepts RSA keys of up to {max} bits (spec §5.4). Generate a new key pair in GateDesk instead.',
    'public-is-private':
      'The public key field holds a private key: give the public key ("-----BEGIN PUBLIC KEY-----") that support has, or leave it empty.',
    'public-not-pem':
      'The public key is not a PEM public key: expected a "-----BEGIN PUBLIC KEY-----" or "-----BEGIN RSA PUBLIC KEY-----" block.',
    mismatch:
      'The public key does not belong to this private key (public key {publicFingerprint}, private key {privateFingerprint}): find the matching pair, or generate a new one and send its public key to support.',
  },
  changed:
    'The RSA private key of the environment "{environment}" in the keychain (fingerprint {fingerprint}) is not the one GateDesk recorded ({recorded}); it was changed outside GateDesk. Import the right key, or generate a new pair and send its public key to support.',
  'backup-failed':
    'The backup could not be written to {file} ({code}): choose a folder you can write to.',
  'generator-failed':
    'The key pair could not be generated ({reason}); nothing was saved. Try again, or import a key made elsewhere.',
  'no-native-generator':
    'The native RSA key generator is not available (node-forge would fall back to its slow pure-JavaScript one); GateDesk refuses to use that. Reinstall GateDesk.',
}

export const mainSigning = {
  'invalid-url': 'The URL "{url}" is not a valid absolute URL (expected e.g. https://host/path)',
  reserved: {
    query:
      'The URL query parameter "{name}" is reserved for OAuth; GateDesk adds the oauth_* parameters itself',
    parameter:
      'The request parameter "{name}" is reserved for OAuth; GateDesk adds the oauth_* parameters itself',
  },
  /** Text holding an unpaired UTF-16 surrogate, which has no UTF-8 to percent-encode. */
  unencodable: {
    oauth:
      'The {name} contains a broken character (an unpaired UTF-16 surrogate); retype or paste the text again',
    parameter:
      'The parameter "{name}" contains a broken character (an unpaired UTF-16 surrogate); retype or paste the text again',
  },
}

/** The environment service's refusals (main/environments); the form's own rules are `environment.*`. */
export const mainEnvironments = {
  'not-found': 'No environment has the id {id}: it may have been removed. Pick one from the list.',
  'built-in': {
    changed:
      'The built-in Sandbox cannot be changed: GateDesk sets it up itself each time the Sandbox starts.',
    removed:
      'The built-in Sandbox cannot be removed: GateDesk sets it up itself each time the Sandbox starts.',
  },
  'name-taken': 'An environment named "{name}" already exists: choose another name.',
  'not-started':
    'The environment "{environment}" has no address yet: the Sandbox gets one when it starts. Start the Sandbox, then try again.',
  'key-present':
    'The environment "{environment}" already has an RSA key (fingerprint {fingerprint}). Replacing it stops update requests from working until support has the new public key: back the old key up first, then confirm the replacement.',
  'no-key':
    'The environment "{environment}" has no RSA key yet: generate a key pair or import your private key first.',
  /** Before a desk sends with a team environment: its own key against the team's (sending-key-check.ts). */
  'key-differs':
    "This desk's RSA key for \"{environment}\" (fingerprint {own}) is not the one the team recorded ({expected}): the gateway has the team's public key and will refuse what this desk signs. Import the team's private key into this desk's keychain, or send anyway only if support has this desk's public key too.",
  'key-not-on-desk':
    'This desk has no RSA key for "{environment}" in its keychain; the team recorded one (fingerprint {expected}). Import the team\'s private key into this desk\'s keychain before sending.',
  'backup-not-absolute': 'The backup file must be a full path, not "{file}"',
  'extra-ca-unreadable':
    'Extra CA certificate could not be read ({reason}): check that the whole PEM block was copied',
  /** The private key file picked in main's open dialog. */
  'key-file': {
    'not-chosen': 'Choose the private key file first.',
    folder: "{file} is not a key file (it is a folder): choose the private key's PEM file itself.",
    special:
      "{file} is not a key file (it is a pipe, a device or a socket, not a regular file): choose the private key's PEM file itself.",
    unreadable: 'Cannot read {file} ({code}): choose the file again.',
  },
}

#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with a throwaway, unlocked GNOME keyring, so the
# tests use a real Secret Service without touching the user's own keyring. On macOS and Windows
# the OS keychain needs no setup and the command runs as it is.
set -euo pipefail
if [ "$(uname -s)" != "Linux" ]; then exec "$@"; fi
for tool in dbus-run-session gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "The tests need $tool for a real keychain: sudo apt-get install dbus gnome-keyring" >&2
    exit 1
  fi
done
exec dbus-run-session -- bash -c '
  set -euo pipefail
  keyring_home=$(mktemp -d)
  trap "rm -rf \"$keyring_home\"" EXIT
  export XDG_DATA_HOME="$keyring_home" XDG_RUNTIME_DIR="$keyring_home"
  eval "$(printf gatedesk-tests | gnome-keyring-daemon --unlock --components=secrets)"
  export GNOME_KEYRING_CONTROL
  "$@"
' with-keyring "$@"

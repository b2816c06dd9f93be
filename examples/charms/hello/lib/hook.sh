# Shared by every hook of the hello charm: record the hook, then report status when the
# hook tools are there (they arrive with the HTTP listener's hook-tool endpoint).
record() {
  echo "$(date -u +%H:%M:%S) $JUJU_UNIT_NAME $JUJU_HOOK_NAME ${JUJU_WORKLOAD_NAME:-}" >> "$HOME/hooks.log"
  echo "$JUJU_UNIT_NAME: $JUJU_HOOK_NAME"
}
say() {
  if command -v status-set >/dev/null 2>&1; then status-set "$1" "$2" || true; fi
}

# Sourced by .ci/run: puts the README's Node (22.13 or later, package.json `engines`) first on PATH,
# so CI runs everything on the Node the project names (issue 71). A machine whose node is older (this
# CI host has Node 20) gets Node 22 from the npm registry, the one registry CI reaches: the package
# node-<platform>-<arch> holds Node's own binary. It is kept in a cache folder that later runs reuse.
# The machine's npm stays, and runs on the Node found first on PATH.
ACADEMY_NODE_MINIMUM=22.13.0

node_is_recent_enough() {
  node -e '
    const [major, minor] = process.versions.node.split(".").map(Number);
    const [wantMajor, wantMinor] = process.argv[1].split(".").map(Number);
    process.exit(major > wantMajor || (major === wantMajor && minor >= wantMinor) ? 0 : 1);
  ' "$ACADEMY_NODE_MINIMUM" 2>/dev/null
}

use_node_22() {
  if node_is_recent_enough; then
    return 0
  fi
  local package node_dir
  package="node-$(node -p 'process.platform + "-" + process.arch')"
  node_dir="${ACADEMY_CI_NODE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/academy-ci/node-22}"
  # A cached Node older than the minimum (a later 22 was asked for) is replaced.
  if ! PATH="$node_dir/node_modules/$package/bin:$PATH" node_is_recent_enough; then
    echo "Node $(node -v) is older than $ACADEMY_NODE_MINIMUM: getting Node 22 ($package@22) from the npm registry into $node_dir"
    rm -rf "$node_dir"
    mkdir -p "$node_dir" || return 1
    npm install --prefix "$node_dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "$package@22" || return 1
  fi
  export PATH="$node_dir/node_modules/$package/bin:$PATH"
  hash -r
  node_is_recent_enough
}

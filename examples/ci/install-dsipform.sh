#!/usr/bin/env bash
# Installs the dsipform this repository pins into DIR and prints the folder of its `dsipform`
# command, for PATH. Every job of the CI templates runs it (see examples/ci/README.md); copy it to
# ci/install-dsipform.sh in the repository that holds your configuration.
#
#   DSIPFORM_PACKAGE    what to install:
#                         a tarball kept in this repository (the output of `npm pack` in a checkout
#                           of dsipform at a release): vendor/dsipform-0.1.0.tgz
#                         the dsipform repository at a commit (npm builds it: it runs `prepare`):
#                           git+https://github.com/OWNER/dsipform.git#<the commit's 40 hex digits>
#                         once dsipform is published, the registry's package: dsipform@0.1.0
#   DSIPFORM_INTEGRITY  the sha512 integrity of that package's tarball ("integrity" in the output of
#                       `npm pack --json`, or `npm view dsipform@0.1.0 dist.integrity`). Required,
#                       except for a git URL at a commit, which the commit pins.
#
# A package without its integrity, or a git URL without a commit, is refused before npm runs: a
# name on a registry can be published by anyone, and a git tag or branch can be moved after you
# reviewed it. The tarball is checked before it is installed, and no install script of it or of its
# dependencies runs. DIR may be restored from a CI cache: it is used as it is when it was installed
# from the same two settings.
set -euo pipefail

dir=${1:?usage: install-dsipform.sh DIR}
package=${DSIPFORM_PACKAGE:-}
integrity=${DSIPFORM_INTEGRITY:-}
fail() {
  echo "error: $1" >&2
  exit 1
}

[ -n "$package" ] || fail "DSIPFORM_PACKAGE is not set: set it to the dsipform tarball this repository keeps (vendor/dsipform-X.Y.Z.tgz, made by npm pack) or to a git URL at a commit"
case "$package" in
  git+* | git:* | github:*)
    [[ "$package" =~ \#[0-9a-f]{40}$ ]] ||
      fail "DSIPFORM_PACKAGE $package names no commit: end it with #COMMIT (40 hex digits), since a tag or branch can be moved after you reviewed it (git rev-parse 'TAG^{commit}' gives a tag's commit)"
    ;;
  *)
    [[ "$integrity" =~ ^sha512-[A-Za-z0-9+/]{86}==$ ]] ||
      fail "DSIPFORM_INTEGRITY is not the sha512 integrity of $package (got \"$integrity\"): set it to the \"integrity\" that npm pack --json printed when the tarball was made, or to: echo \"sha512-\$(openssl dgst -sha512 -binary FILE | openssl base64 -A)\" (for a published version: npm view dsipform@X.Y.Z dist.integrity)"
    # npm reads a bare relative path such as vendor/x.tgz as a GitHub repository: say it is a file.
    if [ -f "$package" ]; then package="$(cd "$(dirname "$package")" && pwd)/$(basename "$package")"; fi
    ;;
esac

pins="$DSIPFORM_PACKAGE $integrity"
prefix=$(mkdir -p "$dir" && cd "$dir" && pwd)
bin="$prefix/node_modules/.bin"
if [ -x "$bin/dsipform" ] && [ "$(cat "$prefix/pins" 2> /dev/null)" = "$pins" ]; then
  echo "dsipform: using the one installed in $dir from $DSIPFORM_PACKAGE" >&2
  echo "$bin"
  exit 0
fi

# DIR is emptied before installing: only when this script made it, never a folder of the checkout.
[ -z "$(ls -A "$prefix")" ] || [ -f "$prefix/install-dsipform" ] ||
  fail "$dir holds files this script did not install: give it a folder of its own, such as .dsipform-install"
rm -rf "$prefix"
mkdir -p "$prefix/fetched"
echo "made by install-dsipform.sh, which may empty this folder" > "$prefix/install-dsipform"
# A tarball of this repository is checked before npm reads it; npm pack fetches any other kind of
# package as the tarball npm would install (a git URL is built).
if [ -f "$package" ]; then
  cp "$package" "$prefix/fetched/"
else
  npm pack "$package" --pack-destination "$prefix/fetched" --loglevel warn >&2
fi
tarball=$(find "$prefix/fetched" -name '*.tgz' | head -n 1)
[ -n "$tarball" ] || fail "npm pack $package made no tarball"
actual=$(node -e 'const c = require("node:crypto"), fs = require("node:fs");
process.stdout.write("sha512-" + c.createHash("sha512").update(fs.readFileSync(process.argv[1])).digest("base64"))' "$tarball")
if [ -n "$integrity" ] && [ "$actual" != "$integrity" ]; then
  rm -rf "$prefix"
  fail "the tarball of $DSIPFORM_PACKAGE has integrity $actual, but DSIPFORM_INTEGRITY pins $integrity: it is not the package that was pinned, and nothing was installed. If you replaced it on purpose, set DSIPFORM_INTEGRITY to the new value"
fi
# A project of its own (not --prefix, which would also move npm's global settings to DIR/etc/npmrc).
echo '{ "private": true }' > "$prefix/package.json"
(cd "$prefix" && npm install --no-save --no-package-lock --ignore-scripts --prefer-offline --no-fund --no-audit "$tarball" >&2)
[ -x "$bin/dsipform" ] || fail "$DSIPFORM_PACKAGE installed no dsipform command: is it the dsipform package?"
rm -rf "$prefix/fetched"
echo "$pins" > "$prefix/pins"
echo "dsipform: installed $("$bin/dsipform" --version) from $DSIPFORM_PACKAGE ($actual)" >&2
echo "$bin"

#!/usr/bin/env bash
# The supported route for PCRE2 on iOS (and tvOS, watchOS, visionOS), which have no system
# PCRE2: build the library from its release source for the device and the simulator, wrap it
# with this package's shim as the `CPCRE2XCFramework` module, zip it with PCRE2's licence, and
# write the binary package Packaging/form-rules-pcre2 that the `BinaryPCRE2` trait depends on
# (Packaging/form-rules-pcre2/README.md). Runs on macOS with Xcode and CMake.
#
#   RELEASE_URL=https://…/CPCRE2XCFramework.xcframework.zip \
#     bash scripts/build-pcre2-xcframework.sh /path/to/pcre2-10.44   # an unpacked PCRE2 release
#
# With RELEASE_URL the manifest names the zip by URL and checksum (publish the zip there);
# without it, the XCFramework by path, for a local try-out through a mirror.
#
# JIT is left out: iOS does not let apps map executable memory, and the library falls back to
# PCRE2's interpreter by itself (Pattern.isJITCompiled is false; results are identical).
set -euo pipefail
cd "$(dirname "$0")/.."
source=${1:?usage: [RELEASE_URL=…] build-pcre2-xcframework.sh PCRE2_SOURCE_DIR}
package=Packaging/form-rules-pcre2
name=CPCRE2XCFramework
work=$(mktemp -d)
slices=()
for sdk in iphoneos iphonesimulator; do
  build="$work/$sdk"
  cmake -S "$source" -B "$build" -G Xcode -DCMAKE_SYSTEM_NAME=iOS \
    -DCMAKE_OSX_SYSROOT="$sdk" -DCMAKE_OSX_ARCHITECTURES="arm64$([ "$sdk" = iphonesimulator ] && echo ';x86_64')" \
    -DCMAKE_OSX_DEPLOYMENT_TARGET=17.0 -DBUILD_SHARED_LIBS=OFF -DPCRE2_BUILD_PCRE2_8=ON \
    -DPCRE2_SUPPORT_JIT=OFF -DPCRE2_BUILD_PCRE2GREP=OFF -DPCRE2_BUILD_TESTS=OFF
  cmake --build "$build" --config Release --target pcre2-8-static
  headers="$work/$sdk-headers"
  mkdir -p "$headers"
  cp "$build/interface/pcre2.h" "$headers/"
  cp Sources/CPCRE2/shim.h "$headers/"
  # The system-library target's header under the binary target's name, without its `link`
  # line (the static library is linked by the XCFramework itself).
  printf 'module %s {\n  header "shim.h"\n  export *\n}\n' "$name" >"$headers/module.modulemap"
  slices+=(-library "$(find "$build" -name 'libpcre2-8*.a' | head -1)" -headers "$headers")
done
rm -rf "$package/$name.xcframework"
xcodebuild -create-xcframework "${slices[@]}" -output "$package/$name.xcframework"
version=$(sed -n 's/^#define PCRE2_MAJOR *//p;s/^#define PCRE2_MINOR *//p' "$source/src/pcre2.h.generic" | paste -sd. -)
if [ -n "${RELEASE_URL:-}" ]; then
  zip=$work/$name.xcframework.zip
  cp "$source"/LICENCE* "$package/" 2>/dev/null || true
  (cd "$package" && zip -qry "$zip" "$name.xcframework" LICENCE*)
  checksum=$(swift package compute-checksum "$zip")
  target_source="url: \"$RELEASE_URL\", checksum: \"$checksum\""
  mv "$zip" "$package/"
else
  target_source="path: \"$name.xcframework\""
fi
sed -e "s|@VERSION@|$version|" -e "s|@SOURCE@|$target_source|" "$package/Package.swift.in" >"$package/Package.swift"
echo "$package: PCRE2 $version as $name ($target_source); see its README.md to publish it"

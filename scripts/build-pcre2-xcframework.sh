#!/usr/bin/env bash
# The supported route for PCRE2 on iOS (and tvOS, watchOS, visionOS), which have no system
# PCRE2: build the library from its release source for the device and the simulator, wrap it
# with this package's shim as the `CPCRE2` module, and put the XCFramework where Package.swift
# looks for it (Vendor/CPCRE2.xcframework in this checkout). Runs on macOS with Xcode and CMake.
#
#   bash scripts/build-pcre2-xcframework.sh /path/to/pcre2-10.44   # an unpacked PCRE2 release
#
# JIT is left out: iOS does not let apps map executable memory, and the library falls back to
# PCRE2's interpreter by itself (Pattern.isJITCompiled is false; results are identical).
set -euo pipefail
cd "$(dirname "$0")/.."
source=${1:?usage: build-pcre2-xcframework.sh PCRE2_SOURCE_DIR}
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
  # The same module name and header as the system-library target, without its `link` line
  # (the static library is linked by the XCFramework itself).
  printf 'module CPCRE2 {\n  header "shim.h"\n  export *\n}\n' >"$headers/module.modulemap"
  slices+=(-library "$(find "$build" -name 'libpcre2-8*.a' | head -1)" -headers "$headers")
done
rm -rf Vendor/CPCRE2.xcframework
mkdir -p Vendor
xcodebuild -create-xcframework "${slices[@]}" -output Vendor/CPCRE2.xcframework
echo "Vendor/CPCRE2.xcframework: Package.swift now uses it for CPCRE2"

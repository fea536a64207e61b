// swift-tools-version: 6.1
import PackageDescription

// PCRE2 comes one of two ways, chosen by package trait, so an app that depends on this package
// by URL picks it in its own manifest and never edits this checkout (issue 27):
// - `SystemPCRE2` (default): the system library, `libpcre2-dev` on Linux, `brew install pcre2`.
// - `BinaryPCRE2`: the `CPCRE2` XCFramework of the binary package `form-rules-pcre2`, for iOS and
//   the other Apple platforms, which have no system PCRE2. Its manifest is
//   Packaging/form-rules-pcre2/, written with the XCFramework's checksum by
//   scripts/build-pcre2-xcframework.sh. SwiftPM resolves that package only when the trait is on.
let pcre2BinaryPackage = "https://github.com/form-rules/form-rules-pcre2.git"

let package = Package(
  name: "form-rules",
  // FormRulesUI's models are @Observable (Observation: macOS 14, iOS 17 and their peers).
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1), .macCatalyst(.v17)],
  products: [
    .library(name: "FormRules", targets: ["FormRules"]),
    .library(name: "FormRulesPassword", targets: ["FormRulesPassword"]),
    .library(name: "FormRulesBreachRange", targets: ["FormRulesBreachRange"]),
    .library(name: "FormRulesExport", targets: ["FormRulesExport"]),
    .library(name: "FormRulesBulk", targets: ["FormRulesBulk"]),
    .library(name: "FormRulesUI", targets: ["FormRulesUI"]),
    .library(name: "FormRulesHTTP", targets: ["FormRulesHTTP"]),
    .library(name: "FormRulesServer", targets: ["FormRulesServer"]),
    .executable(name: "validate", targets: ["validate"]),
  ],
  // IDNA: Unicode email domains through GNU libidn2 (`libidn2-dev`; `brew install libidn2`). On by
  // default. Off (`--disable-default-traits`, or an app that depends on this package with
  // `traits: []`), the core links no libidn2 and refuses non-ASCII domains it cannot check
  // (`email.idnaUnavailable`), as on iOS, which has no libidn2. Needs swift-tools 6.1 (traits).
  traits: [
    .trait(name: "IDNA", description: "Unicode email domains through GNU libidn2 (IDNA2008, UTS #46)."),
    .trait(name: "SystemPCRE2", description: "PCRE2 from the system: libpcre2-dev, or brew install pcre2."),
    .trait(
      name: "BinaryPCRE2",
      description: "PCRE2 as the XCFramework of the form-rules-pcre2 binary package (iOS and other Apple platforms)."),
    .default(enabledTraits: ["IDNA", "SystemPCRE2"]),
  ],
  dependencies: [.package(url: pcre2BinaryPackage, from: "10.44.0")],
  targets: [
    .systemLibrary(
      name: "CPCRE2", pkgConfig: "libpcre2-8", providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]),
    .systemLibrary(
      name: "CMicroHTTPD",
      pkgConfig: "libmicrohttpd",
      providers: [.apt(["libmicrohttpd-dev"])]
    ),
    .systemLibrary(
      name: "CIDN2",
      pkgConfig: "libidn2",
      providers: [.apt(["libidn2-dev"]), .brew(["libidn2"])]
    ),
    // The core: decode, compile, validate, render. What an app links, with FormRulesUI.
    .target(
      name: "FormRules",
      dependencies: [
        .target(name: "CPCRE2", condition: .when(traits: ["SystemPCRE2"])),
        .product(name: "CPCRE2XCFramework", package: "form-rules-pcre2", condition: .when(traits: ["BinaryPCRE2"])),
        .target(name: "CIDN2", condition: .when(traits: ["IDNA"])),
      ],
      linkerSettings: [.linkedLibrary("m")]),
    // strength, notCommon and notBreached, registered through the public RuleRegistry.
    // Its dictionaries (words.bin and the lists it is built from) are a resource: Bundle.module.
    .target(name: "FormRulesPassword", dependencies: ["FormRules"], resources: [.copy("Resources/strength")]),
    // notBreached's range mode (k-anonymity) over FormRulesHTTP's one URLSession client
    // (FoundationNetworking on Linux). Beside FormRulesPassword, so an app without range mode
    // links no HTTP client.
    .target(name: "FormRulesBreachRange", dependencies: ["FormRules", "FormRulesPassword", "FormRulesHTTP"]),
    // JSON Schema, HTML, passwordrules and the identity providers' settings.
    .target(name: "FormRulesExport", dependencies: ["FormRules"]),
    // JSON Lines in, reports out, in parallel, over the same plan.
    .target(name: "FormRulesBulk", dependencies: ["FormRules"]),
    // Named checks decided by the app's HTTP endpoint (`HTTPCheck`), over URLSession
    // (FoundationNetworking and libcurl on Linux): outside the core, so an app without it links neither.
    .target(name: "FormRulesHTTP", dependencies: ["FormRules"]),
    // `validate serve`: the HTTP routes over libmicrohttpd, embeddable in a Swift app.
    .target(
      name: "FormRulesServer",
      dependencies: [
        "FormRules", "FormRulesPassword", "FormRulesBreachRange", "FormRulesExport", "FormRulesBulk", "FormRulesHTTP",
        "CMicroHTTPD",
      ]),
    .target(name: "FormRulesUI", dependencies: ["FormRules"]),
    .target(name: "TerminalForm", dependencies: ["FormRulesUI"]),
    // The tool's own words (`cli.*`, the help pages), shared with the generator of docs/messages.md.
    .target(name: "ValidateWords", dependencies: ["FormRules", "FormRulesPassword"]),
    .executableTarget(
      name: "validate",
      dependencies: [
        "FormRules", "FormRulesPassword", "FormRulesBreachRange", "FormRulesExport", "FormRulesBulk", "FormRulesUI",
        "TerminalForm", "FormRulesServer", "FormRulesHTTP", "ValidateWords",
      ]),
    // Benchmarks: `swift run -c release validate-bench` in this package, not products for others.
    .executableTarget(name: "validate-bench", dependencies: ["FormRules", "FormRulesPassword", "FormRulesBulk"]),
    .executableTarget(
      name: "password-bench", dependencies: ["FormRules", "FormRulesPassword", "FormRulesBreachRange"]),
    // What the test targets share (as swift-collections' _CollectionsTestSupport): the one way
    // to run the built `validate`, the shipped Rules/ files as fixtures, a seeded record generator.
    .target(
      name: "FormRulesTestSupport", dependencies: ["FormRules", "FormRulesPassword"], path: "Tests/FormRulesTestSupport"
    ),
    // Every generated file of the repository, and how it is made: written by `form-rules-gen`
    // (`scripts/regenerate.sh`), compared by the tests. Tests only verify.
    .target(
      name: "FormRulesGenerators",
      dependencies: [
        "FormRules", "FormRulesPassword", "FormRulesExport", "FormRulesBulk", "ValidateWords", "FormRulesTestSupport",
      ],
      path: "Tests/FormRulesGenerators"),
    .executableTarget(name: "form-rules-gen", dependencies: ["FormRulesGenerators"]),
    .testTarget(
      name: "FormRulesTests",
      dependencies: [
        "FormRules", "FormRulesPassword", "FormRulesExport", "FormRulesBulk", "FormRulesTestSupport",
        "FormRulesGenerators",
      ], exclude: ["Fixtures"]),
    .testTarget(name: "FormRulesUITests", dependencies: ["FormRulesUI", "FormRulesTestSupport"]),
    // An app's own rules and named checks, through the public API only.
    .testTarget(
      name: "CustomRuleTests", dependencies: ["FormRules", "FormRulesExport", "FormRulesTestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(name: "TerminalFormTests", dependencies: ["TerminalForm", "FormRulesTestSupport"]),
    // Starts the real `validate serve` on an ephemeral loopback port and talks HTTP to it.
    // Also embeds `PolicyServer` with an app's registry and checks, runs `HTTPCheck` against stubs,
    // and notBreached's range mode against `--breach-file` and stub endpoints.
    .testTarget(
      name: "FormRulesServerTests",
      dependencies: [
        "validate", "FormRules", "FormRulesServer", "FormRulesHTTP", "FormRulesPassword", "FormRulesBreachRange",
        "FormRulesTestSupport",
      ]),
    .testTarget(
      name: "ValidateCLITests",
      dependencies: ["validate", "FormRulesPassword", "TerminalForm", "FormRulesTestSupport"], exclude: ["Fixtures"]),
    // Schema, exports, problem+json and help: checked against independent validators and the built binary.
    .testTarget(
      name: "EcosystemTests",
      dependencies: [
        "FormRules", "FormRulesPassword", "FormRulesBreachRange", "FormRulesExport", "validate",
        "FormRulesTestSupport", "FormRulesGenerators",
      ], exclude: ["Fixtures"]),
  ]
)

// FORM_RULES_CORE_ONLY=1 keeps the libraries an app links (FormRules, FormRulesUI, FormRulesPassword,
// FormRulesExport, FormRulesBulk), the core's three test targets and what they are built from.
// scripts/portable-check.sh builds the no-libidn2 configuration this way: an app never compiles
// the server, the HTTP clients or the tool, and leaving them out halves that check's build.
if Context.environment["FORM_RULES_CORE_ONLY"] == "1" {
  let core: Set = [
    "CPCRE2", "CIDN2", "FormRules", "FormRulesPassword", "FormRulesExport", "FormRulesBulk", "FormRulesUI",
    "ValidateWords", "FormRulesTestSupport", "FormRulesGenerators", "FormRulesTests", "FormRulesUITests",
    "CustomRuleTests",
  ]
  package.targets.removeAll { !core.contains($0.name) }
  package.products.removeAll { !core.contains($0.name) }  // each library is named after its target
}

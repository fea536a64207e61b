// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "form-rules",
  products: [
    .library(name: "FormRules", targets: ["FormRules"]),
    .library(name: "FormRulesUI", targets: ["FormRulesUI"]),
    .executable(name: "validate", targets: ["validate"]),
    .executable(name: "validate-bench", targets: ["validate-bench"]),
    .executable(name: "password-bench", targets: ["password-bench"]),
  ],
  targets: [
    .systemLibrary(
      name: "CPCRE2",
      pkgConfig: "libpcre2-8",
      providers: [.apt(["libpcre2-dev"])]
    ),
    .systemLibrary(
      name: "CIDN2",
      pkgConfig: "libidn2",
      providers: [.apt(["libidn2-dev"])]
    ),
    .target(name: "FormRules", dependencies: ["CPCRE2", "CIDN2"], linkerSettings: [.linkedLibrary("m")]),
    .target(name: "FormRulesUI", dependencies: ["FormRules"]),
    .target(name: "TerminalForm", dependencies: ["FormRulesUI"]),
    .executableTarget(name: "validate", dependencies: ["FormRules", "FormRulesUI", "TerminalForm"]),
    .executableTarget(name: "validate-bench", dependencies: ["FormRules"]),
    .executableTarget(name: "password-bench", dependencies: ["FormRules"]),
    .testTarget(name: "FormRulesTests", dependencies: ["FormRules"], exclude: ["Fixtures"]),
    .testTarget(name: "FormRulesUITests", dependencies: ["FormRulesUI"]),
    .testTarget(name: "TerminalFormTests", dependencies: ["TerminalForm"]),
    .testTarget(name: "ValidateCLITests", dependencies: ["validate", "TerminalForm"], exclude: ["Fixtures"]),
    // Schema, exports, problem+json and help: checked against independent validators and the built binary.
    .testTarget(name: "EcosystemTests", dependencies: ["FormRules", "validate"], exclude: ["Fixtures"]),
  ]
)

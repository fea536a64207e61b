// swift-tools-version: 6.0
import PackageDescription

// A command-line sign-up / sign-in against the Firebase Auth REST API, checked by the same
// rules file first and with the provider's errors in the user's language. Depends on the
// project by path; built and run against a local stub by `Examples/identity-rest/test.sh`.
let package = Package(
  name: "identity-rest",
  dependencies: [.package(name: "form-rules", path: "../..")],
  targets: [
    .executableTarget(
      name: "identity-rest",
      dependencies: [
        .product(name: "FormRules", package: "form-rules"),
        .product(name: "FormRulesPassword", package: "form-rules"),
      ])
  ]
)

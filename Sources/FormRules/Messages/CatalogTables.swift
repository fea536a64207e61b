/// Every table of the built-in catalog. A test walks them all and fails on any gap.
let catalogTables: [[CatalogEntry]] = [
  coreMessages, unitWords, emailMessages, generalMessages, requirementPhrases, problemMessages,
  passwordMessages, passwordTerms, passwordRequirementPhrases, strengthFeedback, strengthMeterPhrases,
  identityProviderMessages,
]

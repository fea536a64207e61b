/// The tables of the built-in catalog that belong to no rule: input errors, unit words,
/// form-level messages, the front ends' control words (`ui.*`), problem documents, the
/// strength meter and identity providers' answers. Every rule's own messages live in its type (``Rule/messages``,
/// ``CompositeRule/messages``); ``RuleRegistry/builtIn`` lays them over these tables.
let generalCatalogTables: [[CatalogEntry]] = [
  inputMessages, unitWords, recommendationMessages, generalMessages, uiWords, problemMessages, strengthMeterPhrases,
  identityProviderMessages, toolMessages, ruleProblemMessages, toolHelpMessages,
  pageWords,
]

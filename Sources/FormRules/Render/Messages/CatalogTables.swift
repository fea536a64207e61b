/// The tables of the built-in catalog that belong to no rule: input errors, unit words,
/// form-level messages, the front ends' control words (`ui.*`), problem documents, identity
/// providers' answers, the pages' words and the rules-file problem lines. The CLI's own words
/// live in `validate`. Every rule's own messages live in its type (``Rule/messages``,
/// ``CompositeRule/messages``); ``RuleRegistry/builtIn`` lays them over these tables.
let generalCatalogTables: [[CatalogEntry]] = [
  inputMessages, unitWords, recommendationMessages, generalMessages, uiWords, problemMessages,
  identityProviderMessages, ruleProblemMessages, pageWords,
]

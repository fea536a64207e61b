import FormRules
import FormRulesPassword

/// The standard rules' catalog with the tool's own lines (`cli.*`, the help pages): what
/// `validate` speaks, and what docs/messages.md lists (written by `scripts/regenerate.sh`).
package let toolCatalog = RuleRegistry.standard.catalog.adding(entries: [toolMessages, toolHelpMessages])

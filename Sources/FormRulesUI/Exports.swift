// Platform-neutral models for form front ends.
@_exported import FormRules

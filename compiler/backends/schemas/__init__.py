"""JSON Schemas shipped with ludex: the AST export contract (and, later, reports)."""

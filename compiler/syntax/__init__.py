"""Text to AST. In: PATH arguments. Out: `ast.GameSource` per game folder, and
diagnostics.

`load` finds game folders and reads their files (bounded, confined); `parse` runs the
Lark LALR parser, each parse with its own `callbacks` (`decl_callbacks`,
`code_callbacks`) building nodes as it goes, and `assemble` putting declarations
together with what each keyword takes (`properties`); `errors` turns Lark's errors
into messages in the language's words and recovers to report every one; `carddata`
reads card data (`.cards.json`; `carddata_sheet`: `.csv`, `.tsv`; `carddata_yaml`);
`ast` holds the node types (`ast_exprs`, `ast_stmts`, `ast_decls`), `walk` and
`unparse` read them back.
"""

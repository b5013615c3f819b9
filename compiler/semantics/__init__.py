"""AST to a resolved game model. In: `ast.GameSource`. Out: `resolve.GameModel` per
game, with every reference bound (`symbols`, `resolve`) and card data validated
against the JSON Schema of its kind (`schema`)."""

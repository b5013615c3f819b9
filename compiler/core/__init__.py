"""The ground every stage stands on: source files and spans (`source`), and
diagnostics with their codes and rendering (`diagnostics`). Imports nothing else of
ludex."""

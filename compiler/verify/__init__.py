"""Runs the books' worked examples against the generated engine, contained in a
child process (`sandbox`). In: the models and the engine the Python back end emits.
Out: one result per example (`examples`)."""
